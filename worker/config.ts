import { z } from "zod";

// The environment is parsed once, failing fast with a clear message (docs/architecture.md#conventions).
const schema = z.object({
  API_MODE: z.enum(["demo", "proxy"]).default("demo"),
  UPSTREAM_API_BASE: z.string().default(""),
  CURRENCY_LABEL: z.enum(["USD", "RM"]).default("USD"),
  ROUND_SECONDS: z.coerce.number().int().min(30).max(86_400).default(180),
  CLOSE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  // Lets the operator API run finance accrual at a chosen time (end-to-end tests only; docs/decisions/070).
  FINANCE_TEST_CLOCK: z.enum(["off", "on"]).default("off"),
  // Drawn rounds nobody bet on are deleted after this many days (docs/decisions/041-round-retention.md).
  IDLE_ROUND_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // How long token-free public answers (settings, banners, articles, games) are cached at the edge; 0: never.
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  PRICES_WS_URL: z.string().trim().regex(/^(wss?:\/\/\S+)?$/i, "PRICES_WS_URL must be empty or a ws:// or wss:// URL").default(""),
  // Secrets (wrangler secret put): each one missing is named, so a deploy without it fails at once.
  PEPPER: z.string({ error: "PEPPER secret is missing (npm start writes one to .dev.vars)" }).min(8, "PEPPER secret is too short (8+ characters)"),
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET secret is missing (npm start writes one to .dev.vars)" })
    .min(8, "SESSION_SECRET secret is too short (8+ characters)"),
});

export type Config = {
  apiMode: "demo" | "proxy";
  upstreamApiBase: string;
  currencyLabel: "USD" | "RM";
  roundSeconds: number;
  closeSeconds: number;
  /** The market-data WebSocket of docs/product.md#market-prices; empty: prices are off. */
  pricesWsUrl: string;
  idleRoundRetentionDays: number;
  /** worker/api/public-cache.ts; 0 turns the edge cache off. */
  publicCacheSeconds: number;
  pepper: string;
  financeTestClock: boolean;
};

const cache = new WeakMap<object, Config>();

export function readConfig(env: Env): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid Worker environment: ${z.prettifyError(parsed.error)}`);
  const v = parsed.data;
  if (v.API_MODE === "proxy" && !/^https?:\/\//.test(v.UPSTREAM_API_BASE)) {
    throw new Error("Invalid Worker environment: API_MODE=proxy needs UPSTREAM_API_BASE (http or https URL)");
  }
  if (v.CLOSE_SECONDS >= v.ROUND_SECONDS) {
    throw new Error("Invalid Worker environment: CLOSE_SECONDS must be less than ROUND_SECONDS");
  }
  const config: Config = {
    apiMode: v.API_MODE,
    upstreamApiBase: v.UPSTREAM_API_BASE.replace(/\/+$/, ""),
    currencyLabel: v.CURRENCY_LABEL,
    roundSeconds: v.ROUND_SECONDS,
    closeSeconds: v.CLOSE_SECONDS,
    pricesWsUrl: v.PRICES_WS_URL,
    idleRoundRetentionDays: v.IDLE_ROUND_RETENTION_DAYS,
    publicCacheSeconds: v.PUBLIC_CACHE_SECONDS,
    pepper: v.PEPPER,
    financeTestClock: v.FINANCE_TEST_CLOCK === "on",
  };
  cache.set(env, config);
  return config;
}
