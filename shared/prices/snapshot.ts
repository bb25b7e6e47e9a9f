import { PRICE_COINS, type Coin } from "./coins";

/** A price is shown as stale once its ticker is older than this (docs/product.md#market-prices). */
const STALE_AFTER_MS = 60_000;

/** One coin's last ticker as the feed gave it, with the time it stands for. */
export type CoinPrice = { last: number; sodUtc8: number; atMs: number };

/**
 * The upstream feed as the PricesDO sees it: `off` when PRICES_WS_URL is empty, `idle` when nobody
 * listens (so no socket is open), `connecting`, `up` (tickers flowing) or `down` (retrying).
 */
export type FeedState = "off" | "idle" | "connecting" | "up" | "down";

/** What the server renders and what every /ws/prices message carries. `nowMs` lets the browser correct its clock. */
export type PriceSnapshot = { feed: FeedState; prices: Partial<Record<Coin, CoinPrice>>; nowMs: number };

export function isStale(price: CoinPrice, nowMs: number): boolean {
  return nowMs - price.atMs > STALE_AFTER_MS;
}

/** Reads a snapshot from a socket message or a loader, keeping only well-formed prices of known coins. */
export function parseSnapshot(value: unknown): PriceSnapshot | null {
  if (typeof value !== "object" || value === null) return null;
  const { feed, prices, nowMs } = value as Record<string, unknown>;
  if (!["off", "idle", "connecting", "up", "down"].includes(feed as string) || !Number.isFinite(nowMs)) return null;
  const kept: Partial<Record<Coin, CoinPrice>> = {};
  if (typeof prices === "object" && prices !== null) {
    for (const coin of PRICE_COINS) {
      const price = (prices as Record<string, unknown>)[coin] as Partial<CoinPrice> | undefined;
      if (price && isPositive(price.last) && isPositive(price.sodUtc8) && Number.isFinite(price.atMs)) {
        kept[coin] = { last: price.last!, sodUtc8: price.sodUtc8!, atMs: price.atMs! };
      }
    }
  }
  return { feed: feed as FeedState, prices: kept, nowMs: nowMs as number };
}

function isPositive(n: unknown): boolean {
  return typeof n === "number" && Number.isFinite(n) && n > 0;
}
