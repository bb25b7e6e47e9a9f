// The eight coins of the market strip (SPEC.md 1) and what a ticker gives per coin (SPEC.md 3 Price).
export const PRICE_COINS = ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"] as const;
export type Coin = (typeof PRICE_COINS)[number];

export const COIN_NAMES: Record<Coin, string> = {
  BTC: "Bitcoin", ETH: "Ethereum", USDT: "Tether", BNB: "BNB", SOL: "Solana", USDC: "USD Coin", DOGE: "Dogecoin", TRX: "TRON",
};

/** One coin as the market feed sends it: the last price and the price at the start of the UTC+8 day. */
export type Ticker = { last: number; sodUtc8: number };

/**
 * What the home page knows about prices. Nothing is ever invented: without a feed every coin shows
 * as unavailable; a coin missing from a live feed shows as unavailable too.
 */
export type PriceFeed =
  | { status: "unavailable" }
  | { status: "live"; tickers: Partial<Record<Coin, Ticker>>; updatedAtMs: number };

export const NO_PRICE_FEED: PriceFeed = { status: "unavailable" };

/** Change since the start of the day in percent; null when it cannot be computed honestly. */
export function dayChangePercent(ticker: Ticker): number | null {
  if (!Number.isFinite(ticker.last) || !Number.isFinite(ticker.sodUtc8) || ticker.sodUtc8 <= 0) return null;
  return ((ticker.last - ticker.sodUtc8) / ticker.sodUtc8) * 100;
}

/** Prices keep as many decimals as small coins need (DOGE 0.1234) and group large ones (BTC 97,012.50). */
export function formatPrice(value: number): string {
  const digits = value >= 100 ? 2 : value >= 1 ? 4 : 6;
  return value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: digits });
}

export function formatChange(percent: number): string {
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "";
  return `${sign}${Math.abs(percent).toFixed(2)}%`;
}
