// What the market strip shows per coin (docs/architecture.md#the-contract Price), from the PricesDO's snapshot (docs/product.md#market-prices).
import { type Coin } from "#shared/prices/coins";
import { isStale, type CoinPrice, type PriceSnapshot } from "#shared/prices/snapshot";
import { formatDecimal } from "../../lib/number-format";

export { COIN_NAMES, PRICE_COINS, quoteOf, type Coin } from "#shared/prices/coins";
export type { CoinPrice, PriceSnapshot } from "#shared/prices/snapshot";

/** Shown when no snapshot could be had at all: every coin says it has no price. */
export const NO_PRICES: PriceSnapshot = { feed: "off", prices: {}, nowMs: 0 };

/** The strip's heading badge: live, on its way, retrying, or unavailable (no feed, or no figure at all). */
export type StripStatus = "live" | "connecting" | "reconnecting" | "unavailable";

export function stripStatus(snapshot: PriceSnapshot, nowMs: number): StripStatus {
  if (snapshot.feed === "off") return "unavailable";
  const prices = Object.values(snapshot.prices) as CoinPrice[];
  if (snapshot.feed === "down") return prices.length ? "reconnecting" : "unavailable";
  if (snapshot.feed === "up" && prices.some((price) => !isStale(price, nowMs))) return "live";
  return prices.length || snapshot.feed === "up" || snapshot.feed === "connecting" ? "connecting" : "unavailable";
}

/** The prices to show: none at all while no feed is set up, so nothing old passes for current. */
export function shownPrice(snapshot: PriceSnapshot, coin: Coin): CoinPrice | undefined {
  return snapshot.feed === "off" ? undefined : snapshot.prices[coin];
}

/** Change since the start of the day in percent; null when it cannot be computed honestly. */
export function dayChangePercent(price: { last: number; sodUtc8: number }): number | null {
  if (!Number.isFinite(price.last) || !Number.isFinite(price.sodUtc8) || price.sodUtc8 <= 0) return null;
  return ((price.last - price.sodUtc8) / price.sodUtc8) * 100;
}

/** Prices keep as many decimals as small coins need (DOGE 0.1234) and group large ones (BTC 97,012.50). */
export function formatPrice(value: number): string {
  const digits = value >= 100 ? 2 : value >= 1 ? 4 : 6;
  return formatDecimal(value, 2, digits);
}

export function formatChange(percent: number): string {
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "";
  return `${sign}${Math.abs(percent).toFixed(2)}%`;
}
