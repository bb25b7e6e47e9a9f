import type { MiddlewareHandler } from "hono";
import { ProductError } from "#shared/product-error";
import type { AppEnv } from "./types";
import { readConfig, type RateLimits } from "../config";

const BINDING: Record<
  keyof RateLimits,
  "RATE_LIMIT_SMS" | "RATE_LIMIT_REGISTER" | "RATE_LIMIT_LOGIN" | "RATE_LIMIT_OPERATOR_LOGIN"
> = {
  sms: "RATE_LIMIT_SMS",
  register: "RATE_LIMIT_REGISTER",
  login: "RATE_LIMIT_LOGIN",
  operatorLogin: "RATE_LIMIT_OPERATOR_LOGIN",
};

// The binding takes the limit with each call (the runtime's `limit` option; its published type names only
// `key`): the setting wins, and wrangler.toml gives each binding the same production value, which holds
// wherever a per-call limit were ignored (docs/decisions/134).
type RateLimitCall = { limit(options: { key: string; limit: number; period: 60 }): Promise<{ success: boolean }> };

/**
 * Per-source throttle at the edge (Cloudflare's Rate Limiting binding, counted per location), in front
 * of the exact per-account counters in D1 (worker/players/lockout.ts), which stay as they are.
 */
export function throttle(action: keyof RateLimits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limit = readConfig(c.env).rateLimits[action];
    const source = c.req.header("cf-connecting-ip") ?? "unknown";
    const binding = c.env[BINDING[action]] as unknown as RateLimitCall;
    const { success } = await binding.limit({ key: source, limit, period: 60 });
    if (!success) throw new ProductError(1181);
    await next();
  };
}
