import { describe, expect, it } from "vitest";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { readConfig } from "./config";

const base = {
  API_MODE: "demo",
  UPSTREAM_API_BASE: "",
  CURRENCY_LABEL: "USD",
  ROUND_SECONDS: "180",
  CLOSE_SECONDS: "60",
  PEPPER: "a-long-pepper",
  SESSION_SECRET: "a-long-secret",
  SMS_PROVIDER: "log",
};
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
      access: null,
      beacon: { url: "", maxWaitMs: 120_000, testPublicKey: null },
      sms: { provider: "log" },
      rateLimits: { sms: 10, register: 10, login: 30, operatorLogin: 10 },
    });
  });

  it("reads the beacon's URL and wait bound, and allows a test beacon key only with a beacon on this machine", () => {
    const key = "a".repeat(192);
    expect(readConfig(env({ BEACON_URL: "https://api.drand.sh/", BEACON_MAX_WAIT_SECONDS: "60" })).beacon).toEqual({
      url: "https://api.drand.sh",
      maxWaitMs: 60_000,
      testPublicKey: null,
    });
    expect(
      readConfig(env({ BEACON_URL: "http://127.0.0.1:4000", BEACON_TEST_PUBLIC_KEY: key })).beacon.testPublicKey,
    ).toBe(key);
    expect(() => readConfig(env({ BEACON_URL: "https://api.drand.sh", BEACON_TEST_PUBLIC_KEY: key }))).toThrow(
      /BEACON_TEST_PUBLIC_KEY/,
    );
    expect(() => readConfig(env({ BEACON_TEST_PUBLIC_KEY: key }))).toThrow(/BEACON_TEST_PUBLIC_KEY/);
    expect(() => readConfig(env({ BEACON_URL: "http://127.0.0.1:4000", BEACON_TEST_PUBLIC_KEY: "xyz" }))).toThrow(
      /BEACON_TEST_PUBLIC_KEY/,
    );
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
    expect(readConfig(env({ API_MODE: "proxy", UPSTREAM_API_BASE: "https://api.example.com/" })).upstreamApiBase).toBe(
      "https://api.example.com",
    );
  });

  it("takes the public cache time in seconds, 0 turning it off", () => {
    expect(readConfig(env({ PUBLIC_CACHE_SECONDS: "0" })).publicCacheSeconds).toBe(0);
    expect(readConfig(env({ PUBLIC_CACHE_SECONDS: "120" })).publicCacheSeconds).toBe(120);
    expect(() => readConfig(env({ PUBLIC_CACHE_SECONDS: "-1" }))).toThrow(/PUBLIC_CACHE_SECONDS/);
    expect(() => readConfig(env({ PUBLIC_CACHE_SECONDS: "soon" }))).toThrow(/PUBLIC_CACHE_SECONDS/);
  });

  it("takes a ws:// or wss:// price feed", () => {
    expect(readConfig(env({ PRICES_WS_URL: "wss://ws.example.com/ws/v5/public" })).pricesWsUrl).toBe(
      "wss://ws.example.com/ws/v5/public",
    );
    expect(readConfig(env({ PRICES_WS_URL: "ws://127.0.0.1:8852" })).pricesWsUrl).toBe("ws://127.0.0.1:8852");
  });

  const twilio = {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: `AC${"ab".repeat(16)}`,
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_FROM: "+15005550006",
  };

  it("reads the Twilio settings, Twilio's own API by default, a local one when given", () => {
    expect(readConfig(env(twilio)).sms).toEqual({
      provider: "twilio",
      apiBase: "https://api.twilio.com",
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: "token",
      from: "+15005550006",
      messagingServiceSid: "",
    });
    const service = readConfig(
      env({
        ...twilio,
        TWILIO_FROM: "",
        TWILIO_MESSAGING_SERVICE_SID: `MG${"cd".repeat(16)}`,
        TWILIO_API_BASE: "http://127.0.0.1:8853/",
      }),
    ).sms;
    expect(service).toMatchObject({
      apiBase: "http://127.0.0.1:8853",
      from: "",
      messagingServiceSid: `MG${"cd".repeat(16)}`,
    });
    expect(readConfig(env({ SMS_PROVIDER: "screen" })).sms).toEqual({ provider: "screen" });
  });

  it.each([
    [{ SMS_PROVIDER: undefined }, /SMS_PROVIDER is missing/],
    [{ SMS_PROVIDER: "email" }, /SMS_PROVIDER must be twilio, screen or log/],
    [{ ...twilio, TWILIO_AUTH_TOKEN: undefined }, /TWILIO_AUTH_TOKEN secret/],
    [{ ...twilio, TWILIO_ACCOUNT_SID: "AC123" }, /TWILIO_ACCOUNT_SID/],
    [{ ...twilio, TWILIO_FROM: "" }, /TWILIO_FROM .* or TWILIO_MESSAGING_SERVICE_SID/],
    [{ ...twilio, TWILIO_MESSAGING_SERVICE_SID: "MG1" }, /TWILIO_MESSAGING_SERVICE_SID/],
    [{ ...twilio, TWILIO_API_BASE: "api.twilio.com" }, /TWILIO_API_BASE/],
  ])("refuses an SMS provider without what it needs: %j", (overrides, pattern) => {
    expect(() => readConfig(env(overrides))).toThrow(pattern);
  });

  it("reads the per-source limits a minute, refusing zero and non-numbers", () => {
    expect(
      readConfig(env({ RATE_LIMIT_LOGIN_PER_MINUTE: "500", RATE_LIMIT_SMS_PER_MINUTE: "3" })).rateLimits,
    ).toMatchObject({ login: 500, sms: 3 });
    expect(() => readConfig(env({ RATE_LIMIT_SMS_PER_MINUTE: "0" }))).toThrow(/RATE_LIMIT_SMS_PER_MINUTE/);
    expect(() => readConfig(env({ RATE_LIMIT_OPERATOR_LOGIN_PER_MINUTE: "many" }))).toThrow(
      /RATE_LIMIT_OPERATOR_LOGIN_PER_MINUTE/,
    );
  });

  it("wrangler.toml gives each rate-limit binding its setting's production value (docs/decisions/134)", () => {
    const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
    const vars = workerOptions.bindings as Record<string, string>;
    const bindings = workerOptions.ratelimits as Record<string, { simple: { limit: number; period: number } }>;
    const actions = ["SMS", "REGISTER", "LOGIN", "OPERATOR_LOGIN"];
    expect(Object.keys(bindings).sort()).toEqual(actions.map((a) => `RATE_LIMIT_${a}`).sort());
    for (const action of actions) {
      expect(bindings[`RATE_LIMIT_${action}`].simple, action).toEqual({
        limit: Number(vars[`RATE_LIMIT_${action}_PER_MINUTE`]),
        period: 60,
      });
    }
    const defaults = readConfig(env({})).rateLimits;
    expect([defaults.sms, defaults.register, defaults.login, defaults.operatorLogin]).toEqual(
      actions.map((a) => Number(vars[`RATE_LIMIT_${a}_PER_MINUTE`])),
    );
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

  it("takes Cloudflare Access as a team domain and an audience, both or neither", () => {
    expect(readConfig(env({ ACCESS_TEAM_DOMAIN: "acme.cloudflareaccess.com", ACCESS_AUD: "tag" })).access).toEqual({
      teamUrl: "https://acme.cloudflareaccess.com",
      audience: "tag",
    });
    expect(readConfig(env({ ACCESS_TEAM_DOMAIN: "http://127.0.0.1:9000/", ACCESS_AUD: "tag" })).access?.teamUrl).toBe(
      "http://127.0.0.1:9000",
    );
    expect(() => readConfig(env({ ACCESS_TEAM_DOMAIN: "acme.cloudflareaccess.com" }))).toThrow(/go together/);
    expect(() => readConfig(env({ ACCESS_TEAM_DOMAIN: "http://keys.example.com", ACCESS_AUD: "tag" }))).toThrow(
      /local/,
    );
  });
});
