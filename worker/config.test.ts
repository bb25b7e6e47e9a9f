import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

const base = { API_MODE: "demo", UPSTREAM_API_BASE: "", CURRENCY_LABEL: "USD", ROUND_SECONDS: "180", CLOSE_SECONDS: "60", PEPPER: "a-long-pepper", SESSION_SECRET: "a-long-secret" };
const env = (overrides: Record<string, string | undefined>) => ({ ...base, ...overrides }) as unknown as Env;

describe("readConfig", () => {
  it("parses the defaults", () => {
    expect(readConfig(env({}))).toEqual({
      apiMode: "demo",
      upstreamApiBase: "",
      currencyLabel: "USD",
      roundSeconds: 180,
      closeSeconds: 60,
      pricesWsUrl: "",
      idleRoundRetentionDays: 30,
      publicCacheSeconds: 30,
      pepper: "a-long-pepper",
      financeTestClock: false,
      beacon: { url: "", maxWaitMs: 120_000, testPublicKey: null },
    });
  });

  it("reads the beacon's URL and wait bound, and allows a test beacon key only with a beacon on this machine", () => {
    const key = "a".repeat(192);
    expect(readConfig(env({ BEACON_URL: "https://api.drand.sh/", BEACON_MAX_WAIT_SECONDS: "60" })).beacon).toEqual({ url: "https://api.drand.sh", maxWaitMs: 60_000, testPublicKey: null });
    expect(readConfig(env({ BEACON_URL: "http://127.0.0.1:4000", BEACON_TEST_PUBLIC_KEY: key })).beacon.testPublicKey).toBe(key);
    expect(() => readConfig(env({ BEACON_URL: "https://api.drand.sh", BEACON_TEST_PUBLIC_KEY: key }))).toThrow(/BEACON_TEST_PUBLIC_KEY/);
    expect(() => readConfig(env({ BEACON_TEST_PUBLIC_KEY: key }))).toThrow(/BEACON_TEST_PUBLIC_KEY/);
    expect(() => readConfig(env({ BEACON_URL: "http://127.0.0.1:4000", BEACON_TEST_PUBLIC_KEY: "xyz" }))).toThrow(/BEACON_TEST_PUBLIC_KEY/);
    expect(() => readConfig(env({ BEACON_URL: "ftp://drand" }))).toThrow(/BEACON_URL/);
    expect(() => readConfig(env({ BEACON_MAX_WAIT_SECONDS: "0" }))).toThrow(/BEACON_MAX_WAIT_SECONDS/);
  });

  it("turns the finance test clock on only when asked, and refuses other values", () => {
    expect(readConfig(env({ FINANCE_TEST_CLOCK: "on" })).financeTestClock).toBe(true);
    expect(readConfig(env({ FINANCE_TEST_CLOCK: "off" })).financeTestClock).toBe(false);
    expect(() => readConfig(env({ FINANCE_TEST_CLOCK: "yes" }))).toThrow(/FINANCE_TEST_CLOCK/);
  });

  it("reads the retention of idle rounds in days, refusing zero and non-numbers", () => {
    expect(readConfig(env({ IDLE_ROUND_RETENTION_DAYS: "7" })).idleRoundRetentionDays).toBe(7);
    expect(() => readConfig(env({ IDLE_ROUND_RETENTION_DAYS: "0" }))).toThrow(/IDLE_ROUND_RETENTION_DAYS/);
    expect(() => readConfig(env({ IDLE_ROUND_RETENTION_DAYS: "forever" }))).toThrow(/IDLE_ROUND_RETENTION_DAYS/);
  });

  it("accepts proxy mode with an upstream, trimming its trailing slash", () => {
    expect(readConfig(env({ API_MODE: "proxy", UPSTREAM_API_BASE: "https://api.example.com/" })).upstreamApiBase).toBe("https://api.example.com");
  });

  it("takes the public cache time in seconds, 0 turning it off", () => {
    expect(readConfig(env({ PUBLIC_CACHE_SECONDS: "0" })).publicCacheSeconds).toBe(0);
    expect(readConfig(env({ PUBLIC_CACHE_SECONDS: "120" })).publicCacheSeconds).toBe(120);
    expect(() => readConfig(env({ PUBLIC_CACHE_SECONDS: "-1" }))).toThrow(/PUBLIC_CACHE_SECONDS/);
    expect(() => readConfig(env({ PUBLIC_CACHE_SECONDS: "soon" }))).toThrow(/PUBLIC_CACHE_SECONDS/);
  });

  it("takes a ws:// or wss:// price feed", () => {
    expect(readConfig(env({ PRICES_WS_URL: "wss://ws.example.com/ws/v5/public" })).pricesWsUrl).toBe("wss://ws.example.com/ws/v5/public");
    expect(readConfig(env({ PRICES_WS_URL: "ws://127.0.0.1:8852" })).pricesWsUrl).toBe("ws://127.0.0.1:8852");
  });

  it.each([
    [{ API_MODE: "live" }, /API_MODE/],
    [{ API_MODE: "proxy" }, /UPSTREAM_API_BASE/],
    [{ CURRENCY_LABEL: "EUR" }, /CURRENCY_LABEL/],
    [{ ROUND_SECONDS: "5" }, /ROUND_SECONDS/],
    [{ CLOSE_SECONDS: "200" }, /CLOSE_SECONDS/],
    [{ PEPPER: undefined }, /PEPPER secret is missing/],
    [{ SESSION_SECRET: undefined }, /SESSION_SECRET secret is missing/],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET secret is too short/],
    [{ PRICES_WS_URL: "https://ws.example.com" }, /PRICES_WS_URL/],
  ])("fails fast on %j", (overrides, pattern) => {
    expect(() => readConfig(env(overrides))).toThrow(pattern);
  });
});
