import { describe, expect, it } from "vitest";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { readConfig } from "./config";
import { d1DatabaseIds, rateLimits } from "../scripts/lib/local-env.mjs";

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
      upstreamTimeoutMs: 6_000,
      currencyLabel: "USD",
      roundSeconds: 180,
      closeSeconds: 60,
      pricesWsUrl: "",
      idleRoundRetentionDays: 30,
      publicCacheSeconds: 30,
      pepper: "a-long-pepper",
      access: null,
      beacon: { url: "", maxWaitMs: 120_000, testPublicKey: null },
      sms: { provider: "log" },
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

  it("takes the upstream's deadline in milliseconds, 6 s unless set, refusing none or past a minute", () => {
    expect(readConfig(env({ UPSTREAM_TIMEOUT_MS: "300" })).upstreamTimeoutMs).toBe(300);
    for (const wrong of ["0", "99", "60001", "soon"])
      expect(() => readConfig(env({ UPSTREAM_TIMEOUT_MS: wrong })), wrong).toThrow(/UPSTREAM_TIMEOUT_MS/);
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
      timeoutMs: 8_000,
    });
    expect(readConfig(env({ ...twilio, TWILIO_TIMEOUT_MS: "300" })).sms).toMatchObject({ timeoutMs: 300 });
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
    [{ ...twilio, TWILIO_TIMEOUT_MS: "0" }, /TWILIO_TIMEOUT_MS/],
  ])("refuses an SMS provider without what it needs: %j", (overrides, pattern) => {
    expect(() => readConfig(env(overrides))).toThrow(pattern);
  });

  it("the throttles' limits live only in wrangler.toml's bindings; the load-test environment raises them and repeats the rest but its wallet shards (docs/decisions/155)", () => {
    const production = unstable_getMiniflareWorkerOptions("wrangler.toml").workerOptions;
    const loadtest = unstable_getMiniflareWorkerOptions("wrangler.toml", "loadtest").workerOptions;
    const limits = (options: typeof production) =>
      options.ratelimits as Record<string, { simple: { limit: number; period: number } }>;
    const actions = ["SMS", "REGISTER", "LOGIN", "OPERATOR_LOGIN"].map((a) => `RATE_LIMIT_${a}`);
    expect(Object.keys(limits(production)).sort()).toEqual([...actions].sort());
    expect(Object.fromEntries(actions.map((a) => [a, limits(production)[a].simple]))).toEqual({
      RATE_LIMIT_SMS: { limit: 10, period: 60 },
      RATE_LIMIT_REGISTER: { limit: 10, period: 60 },
      RATE_LIMIT_LOGIN: { limit: 30, period: 60 },
      RATE_LIMIT_OPERATOR_LOGIN: { limit: 10, period: 60 },
    });
    for (const a of actions)
      expect(limits(loadtest)[a].simple.limit, a).toBeGreaterThan(limits(production)[a].simple.limit);
    // no setting claims to change a limit any more: the binding's configuration is the one source
    expect(Object.keys(production.bindings as object).filter((name) => name.startsWith("RATE_LIMIT"))).toEqual([]);
    // everything but the limits and the wallet shards is the same Worker
    for (const key of ["bindings", "r2Buckets", "durableObjects", "compatibilityDate", "compatibilityFlags"] as const)
      expect(loadtest[key], key).toEqual(production[key]);
  });

  it("binds the control database alike everywhere; the load-test environment's four wallet shards are databases of their own (docs/decisions/161)", () => {
    const ids = (environment?: string) =>
      Object.fromEntries(
        Object.entries(
          unstable_getMiniflareWorkerOptions("wrangler.toml", environment).workerOptions.d1Databases as Record<
            string,
            { id: string }
          >,
        ).map(([binding, { id }]) => [binding, id]),
      );
    const production = ids();
    const loadtest = ids("loadtest");
    // a deployment that has not split: one wallet shard, the control database itself (npm start)
    expect(Object.keys(production)).toEqual(["DB", "DB_WALLET_0"]);
    expect(production.DB_WALLET_0).toBe(production.DB);
    // the load test (the worker tests, the end-to-end flows): the same control database and four shards,
    // each a database of its own
    expect(loadtest.DB).toBe(production.DB);
    const shards = ["DB_WALLET_0", "DB_WALLET_1", "DB_WALLET_2", "DB_WALLET_3"];
    expect(Object.keys(loadtest)).toEqual(["DB", ...shards]);
    expect(new Set(Object.values(loadtest)).size).toBe(5);
    // vitest.config.ts reads the same from wrangler.toml without wrangler (scripts/lib/local-env.mjs)
    expect(d1DatabaseIds("wrangler.toml")).toEqual(production);
    expect(d1DatabaseIds("wrangler.toml", "loadtest")).toEqual(loadtest);
    for (const environment of [undefined, "loadtest"])
      expect(
        Object.fromEntries(
          Object.entries(rateLimits("wrangler.toml", environment)).map(([name, { simple }]) => [name, { simple }]),
        ),
      ).toEqual(
        Object.fromEntries(
          Object.entries(
            unstable_getMiniflareWorkerOptions("wrangler.toml", environment).workerOptions.ratelimits as Record<
              string,
              { simple: unknown }
            >,
          ).map(([name, { simple }]) => [name, { simple }]),
        ),
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
