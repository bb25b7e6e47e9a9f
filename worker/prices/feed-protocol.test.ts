import { describe, expect, it } from "vitest";
import { instrumentsSubscription, readFeedMessage, tickersSubscription } from "./feed-protocol";
import { isStale, parseSnapshot } from "#shared/prices/snapshot";

const tickers = (...rows: object[]) => JSON.stringify({ arg: { channel: "tickers", instId: "BTC-USDT" }, data: rows });

describe("feed protocol", () => {
  it("subscribes to the instruments channel, then to the tickers of exactly the eight coins", () => {
    expect(JSON.parse(instrumentsSubscription())).toEqual({
      op: "subscribe",
      args: [{ channel: "instruments", instType: "SPOT" }],
    });
    const args = JSON.parse(tickersSubscription()).args;
    expect(args.map((a: { instId: string }) => a.instId)).toEqual([
      "BTC-USDT",
      "ETH-USDT",
      "USDT-USDC",
      "BNB-USDT",
      "SOL-USDT",
      "USDC-USDT",
      "DOGE-USDT",
      "TRX-USDT",
    ]);
    expect(new Set(args.map((a: { channel: string }) => a.channel))).toEqual(new Set(["tickers"]));
  });

  it("reads last and sodUtc8 of a ticker row, with the row's time", () => {
    const message = readFeedMessage(
      tickers({ instId: "BTC-USDT", last: "97012.5", sodUtc8: "95000", ts: "1000" }),
      5_000,
    );
    expect(message).toEqual({ kind: "tickers", prices: [["BTC", { last: 97012.5, sodUtc8: 95000, atMs: 1000 }]] });
  });

  it("never dates a price later than its arrival, and dates an undated one by its arrival", () => {
    const future = readFeedMessage(tickers({ instId: "ETH-USDT", last: "1", sodUtc8: "1", ts: "9999" }), 5_000);
    expect(future).toMatchObject({ prices: [["ETH", { atMs: 5_000 }]] });
    const undated = readFeedMessage(tickers({ instId: "ETH-USDT", last: "1", sodUtc8: "1" }), 5_000);
    expect(undated).toMatchObject({ prices: [["ETH", { atMs: 5_000 }]] });
  });

  it.each([
    ["an unknown instrument", { instId: "PEPE-USDT", last: "1", sodUtc8: "1" }],
    ["a missing last", { instId: "BTC-USDT", sodUtc8: "1" }],
    ["a non-numeric last", { instId: "BTC-USDT", last: "abc", sodUtc8: "1" }],
    ["a zero sodUtc8", { instId: "BTC-USDT", last: "1", sodUtc8: "0" }],
    ["a negative last", { instId: "BTC-USDT", last: "-5", sodUtc8: "1" }],
  ])("ignores a row with %s", (_name, row) => {
    expect(readFeedMessage(tickers(row), 5_000)).toEqual({ kind: "ignored" });
  });

  it("ignores pongs, subscription answers, other channels and garbage, and reports feed errors", () => {
    expect(readFeedMessage("pong", 1)).toEqual({ kind: "ignored" });
    expect(readFeedMessage('{"event":"subscribe","arg":{"channel":"tickers"}}', 1)).toEqual({ kind: "ignored" });
    expect(
      readFeedMessage('{"arg":{"channel":"instruments"},"data":[{"instId":"BTC-USDT","last":"1","sodUtc8":"1"}]}', 1),
    ).toEqual({ kind: "ignored" });
    expect(readFeedMessage("[1,2", 1)).toEqual({ kind: "ignored" });
    expect(readFeedMessage("null", 1)).toEqual({ kind: "ignored" });
    expect(readFeedMessage('{"event":"error","code":"60018","msg":"Wrong URL or channel"}', 1)).toEqual({
      kind: "error",
      message: "Wrong URL or channel",
    });
  });
});

describe("price snapshot", () => {
  it("is stale strictly after 60 s", () => {
    expect(isStale({ last: 1, sodUtc8: 1, atMs: 0 }, 60_000)).toBe(false);
    expect(isStale({ last: 1, sodUtc8: 1, atMs: 0 }, 60_001)).toBe(true);
  });

  it("keeps only well-formed prices of known coins from a message", () => {
    const parsed = parseSnapshot({
      type: "prices",
      feed: "up",
      nowMs: 10,
      prices: {
        BTC: { last: 2, sodUtc8: 1, atMs: 5 },
        ETH: { last: "2", sodUtc8: 1, atMs: 5 },
        XRP: { last: 1, sodUtc8: 1, atMs: 1 },
      },
    });
    expect(parsed).toEqual({ feed: "up", nowMs: 10, prices: { BTC: { last: 2, sodUtc8: 1, atMs: 5 } } });
    expect(parseSnapshot({ feed: "sideways", prices: {}, nowMs: 1 })).toBeNull();
    expect(parseSnapshot("x")).toBeNull();
  });
});
