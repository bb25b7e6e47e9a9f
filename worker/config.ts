import * as z from "zod";

// The environment is parsed once, failing fast with a clear message (docs/architecture.md#conventions).
const schema = z.object({
  API_MODE: z.enum(["demo", "proxy"]).default("demo"),
  UPSTREAM_API_BASE: z.string().default(""),
  // How long an upstream call may take in proxy mode, the whole answer included (docs/product.md#constants-and-limits);
  // the tests set a short one to see it cut.
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(6_000),
  CURRENCY_LABEL: z.enum(["USD", "RM"]).default("USD"),
  ROUND_SECONDS: z.coerce.number().int().min(30).max(86_400).default(180),
  CLOSE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  // Drawn rounds nobody bet on are deleted after this many days (docs/decisions/041-round-retention.md).
  IDLE_ROUND_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  // How long token-free public answers (settings, banners, articles, games) are cached at the edge; 0: never.
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  // drand's HTTP API serving quicknet (docs/decisions/130); empty: commit-reveal only.
  BEACON_URL: z
    .string()
    .trim()
    .regex(/^(https?:\/\/\S+)?$/i, "BEACON_URL must be empty or an http(s) URL")
    .default(""),
  BEACON_MAX_WAIT_SECONDS: z.coerce.number().int().min(10).max(3_600).default(120),
  // The tests' local beacon key; refused unless BEACON_URL is on this machine (127.0.0.1, localhost, [::1]).
  BEACON_TEST_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{192})?$/, "BEACON_TEST_PUBLIC_KEY must be empty or 192 lowercase hex characters")
    .default(""),
  PRICES_WS_URL: z
    .string()
    .trim()
    .regex(/^(wss?:\/\/\S+)?$/i, "PRICES_WS_URL must be empty or a ws:// or wss:// URL")
    .default(""),
  // Where verification codes go (worker/players/sms-senders.ts, docs/decisions/133): no default, so a
  // deployment names its provider; "log" serves only local requests, "screen" is for demos.
  SMS_PROVIDER: z.enum(["log", "screen", "twilio"], {
    error: (issue) =>
      issue.input === undefined
        ? "SMS_PROVIDER is missing: twilio (with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID), screen (public demos) or log (npm start)"
        : "SMS_PROVIDER must be twilio, screen or log",
  }),
  TWILIO_API_BASE: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, "TWILIO_API_BASE must be an http(s) URL")
    .default("https://api.twilio.com"),
  TWILIO_ACCOUNT_SID: z.string().trim().default(""),
  TWILIO_FROM: z.string().trim().default(""),
  TWILIO_MESSAGING_SERVICE_SID: z.string().trim().default(""),
  TWILIO_AUTH_TOKEN: z.string().default(""),
  // How long Twilio may take to accept a message before the send counts as failed; the tests set a short one.
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  // Cloudflare Access in front of the console (worker/api/access.ts): the team domain
  // (<team>.cloudflareaccess.com; a full http(s) origin for a local key server) and the application's
  // audience tag. Both or neither.
  ACCESS_TEAM_DOMAIN: z.string().trim().default(""),
  ACCESS_AUD: z.string().trim().default(""),
  // Secrets (wrangler secret put): each one missing is named, so a deploy without it fails at once.
  PEPPER: z
    .string({ error: "PEPPER secret is missing (npm start writes one to .dev.vars)" })
    .min(8, "PEPPER secret is too short (8+ characters)"),
  SESSION_SECRET: z
    .string({ error: "SESSION_SECRET secret is missing (npm start writes one to .dev.vars)" })
    .min(8, "SESSION_SECRET secret is too short (8+ characters)"),
});

export type Config = {
  apiMode: "demo" | "proxy";
  upstreamApiBase: string;
  /** UPSTREAM_TIMEOUT_MS: the proxy's deadline for an upstream's whole answer. */
  upstreamTimeoutMs: number;
  currencyLabel: "USD" | "RM";
  roundSeconds: number;
  closeSeconds: number;
  /** The market-data WebSocket of docs/product.md#market-prices; empty: prices are off. */
  pricesWsUrl: string;
  idleRoundRetentionDays: number;
  /** worker/api/public-cache.ts; 0 turns the edge cache off. */
  publicCacheSeconds: number;
  pepper: string;
  /** The public randomness beacon (docs/decisions/130); url empty: commit-reveal only. */
  beacon: { url: string; maxWaitMs: number; testPublicKey: string | null };
  sms: SmsProvider;
  /** Cloudflare Access for /admin and /api/admin; null: not set up, the console's own sign-in alone. */
  access: { teamUrl: string; audience: string } | null;
};

export type SmsProvider =
  | { provider: "log" | "screen" }
  | {
      provider: "twilio";
      apiBase: string;
      accountSid: string;
      authToken: string;
      from: string;
      messagingServiceSid: string;
      /** TWILIO_TIMEOUT_MS: how long Twilio may take to accept a message. */
      timeoutMs: number;
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
  if (v.BEACON_TEST_PUBLIC_KEY && !isLoopbackUrl(v.BEACON_URL)) {
    throw new Error(
      "Invalid Worker environment: BEACON_TEST_PUBLIC_KEY is for a local test beacon only (BEACON_URL on 127.0.0.1, localhost or [::1])",
    );
  }
  if (/^http:\/\//.test(v.ACCESS_TEAM_DOMAIN) && !isLoopbackUrl(v.ACCESS_TEAM_DOMAIN)) {
    throw new Error("Invalid Worker environment: ACCESS_TEAM_DOMAIN over plain http is for a local key server only");
  }
  if (!v.ACCESS_TEAM_DOMAIN !== !v.ACCESS_AUD) {
    throw new Error("Invalid Worker environment: ACCESS_TEAM_DOMAIN and ACCESS_AUD go together (Cloudflare Access)");
  }
  const config: Config = {
    access: v.ACCESS_TEAM_DOMAIN
      ? {
          teamUrl: (/^https?:\/\//.test(v.ACCESS_TEAM_DOMAIN)
            ? v.ACCESS_TEAM_DOMAIN
            : `https://${v.ACCESS_TEAM_DOMAIN}`
          ).replace(/\/+$/, ""),
          audience: v.ACCESS_AUD,
        }
      : null,
    sms: smsProvider(v),
    apiMode: v.API_MODE,
    upstreamApiBase: v.UPSTREAM_API_BASE.replace(/\/+$/, ""),
    upstreamTimeoutMs: v.UPSTREAM_TIMEOUT_MS,
    currencyLabel: v.CURRENCY_LABEL,
    roundSeconds: v.ROUND_SECONDS,
    closeSeconds: v.CLOSE_SECONDS,
    pricesWsUrl: v.PRICES_WS_URL,
    idleRoundRetentionDays: v.IDLE_ROUND_RETENTION_DAYS,
    publicCacheSeconds: v.PUBLIC_CACHE_SECONDS,
    pepper: v.PEPPER,
    beacon: {
      url: v.BEACON_URL.replace(/\/+$/, ""),
      maxWaitMs: v.BEACON_MAX_WAIT_SECONDS * 1000,
      testPublicKey: v.BEACON_TEST_PUBLIC_KEY || null,
    },
  };
  cache.set(env, config);
  return config;
}

function isLoopbackUrl(url: string): boolean {
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

function smsProvider(v: z.infer<typeof schema>): SmsProvider {
  if (v.SMS_PROVIDER !== "twilio") return { provider: v.SMS_PROVIDER };
  const refuse = (why: string) => {
    throw new Error(`Invalid Worker environment: SMS_PROVIDER=twilio ${why}`);
  };
  if (!/^AC[0-9a-f]{32}$/.test(v.TWILIO_ACCOUNT_SID)) refuse("needs TWILIO_ACCOUNT_SID (AC and 32 hex digits)");
  if (!v.TWILIO_AUTH_TOKEN) refuse("needs the TWILIO_AUTH_TOKEN secret (wrangler secret put TWILIO_AUTH_TOKEN)");
  if (v.TWILIO_MESSAGING_SERVICE_SID && !/^MG[0-9a-f]{32}$/.test(v.TWILIO_MESSAGING_SERVICE_SID))
    refuse("has a TWILIO_MESSAGING_SERVICE_SID that is not MG and 32 hex digits");
  if (!v.TWILIO_MESSAGING_SERVICE_SID && !/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/.test(v.TWILIO_FROM)) {
    refuse(
      "needs TWILIO_FROM (an E.164 number such as +15005550006, or an alphanumeric sender ID) or TWILIO_MESSAGING_SERVICE_SID",
    );
  }
  return {
    provider: "twilio",
    apiBase: v.TWILIO_API_BASE.replace(/\/+$/, ""),
    accountSid: v.TWILIO_ACCOUNT_SID,
    authToken: v.TWILIO_AUTH_TOKEN,
    from: v.TWILIO_FROM,
    messagingServiceSid: v.TWILIO_MESSAGING_SERVICE_SID,
    timeoutMs: v.TWILIO_TIMEOUT_MS,
  };
}
