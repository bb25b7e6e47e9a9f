import { PRICE_COINS, COIN_INSTRUMENTS, coinOfInstrument, type Coin } from "#shared/prices/coins";
import type { CoinPrice } from "#shared/prices/snapshot";

// The public market-data WebSocket protocol of docs/architecture.md#the-contract (OKX v5 public shape, docs/product.md#market-prices).

/** Sent 2 s after the socket opens: the instruments channel first, then the tickers of the eight coins. */
export const SUBSCRIBE_DELAY_MS = 2_000;

export function instrumentsSubscription(): string {
  return JSON.stringify({ op: "subscribe", args: [{ channel: "instruments", instType: "SPOT" }] });
}

export function tickersSubscription(): string {
  return JSON.stringify({
    op: "subscribe",
    args: PRICE_COINS.map((coin) => ({ channel: "tickers", instId: COIN_INSTRUMENTS[coin] })),
  });
}

export type FeedMessage =
  { kind: "tickers"; prices: Array<[Coin, CoinPrice]> } | { kind: "error"; message: string } | { kind: "ignored" };

/**
 * Reads one message of the feed. Ticker rows of our coins with a positive `last` and `sodUtc8` are
 * kept; the time is the row's `ts`, never later than when it arrived. Anything else is ignored, so a
 * malformed row never becomes a figure.
 */
export function readFeedMessage(text: string, receivedAtMs: number): FeedMessage {
  let message: any;
  try {
    message = JSON.parse(text);
  } catch {
    return { kind: "ignored" }; // "pong" and other plain text
  }
  if (typeof message !== "object" || message === null) return { kind: "ignored" };
  if (message.event === "error")
    return { kind: "error", message: String(message.msg ?? message.code ?? "error").slice(0, 200) };
  if (message.arg?.channel !== "tickers" || !Array.isArray(message.data)) return { kind: "ignored" };
  const prices: Array<[Coin, CoinPrice]> = [];
  for (const row of message.data) {
    const coin = typeof row?.instId === "string" ? coinOfInstrument(row.instId) : undefined;
    const last = Number(row?.last);
    const sodUtc8 = Number(row?.sodUtc8);
    if (!coin || !(last > 0) || !(sodUtc8 > 0) || !Number.isFinite(last) || !Number.isFinite(sodUtc8)) continue;
    const ts = Number(row.ts);
    const atMs = Number.isFinite(ts) && ts > 0 ? Math.min(ts, receivedAtMs) : receivedAtMs;
    prices.push([coin, { last, sodUtc8, atMs }]);
  }
  return prices.length ? { kind: "tickers", prices } : { kind: "ignored" };
}
