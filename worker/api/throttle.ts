import type { MiddlewareHandler } from "hono";
import { ProductError } from "#shared/product-error";
import type { AppEnv } from "./types";

/** Each throttled action and its Rate Limiting binding (wrangler.toml [[ratelimits]]). */
const BINDING = {
  sms: "RATE_LIMIT_SMS",
  register: "RATE_LIMIT_REGISTER",
  login: "RATE_LIMIT_LOGIN",
  operatorLogin: "RATE_LIMIT_OPERATOR_LOGIN",
} as const;

export type ThrottledAction = keyof typeof BINDING;

/**
 * Per-source throttle at the edge, in front of the exact per-account counters in D1
 * (worker/accounts/lockout.ts), which stay as they are. The call passes only its key, as Cloudflare
 * documents the binding: how many calls a period allows is the binding's own `simple = { limit, period }`
 * in wrangler.toml, per environment, the one place each limit is set (docs/decisions/155).
 * The key is CF-Connecting-IP, which Cloudflare sets in front of a deployment; under `wrangler dev` it
 * is whatever header the client sent, so local limits are per claimed address.
 */
export function throttle(action: ThrottledAction): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const source = c.req.header("cf-connecting-ip") ?? "unknown";
    const { success } = await c.env[BINDING[action]].limit({ key: source });
    if (!success) throw new ProductError(1181);
    await next();
  };
}
