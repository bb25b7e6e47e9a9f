import type { Context } from "hono";
import { message, type ApiLang } from "./i18n";

/** A refusal from the catalogue (docs/product.md#errors); thrown anywhere in a handler, answered by onError. */
export class ApiError extends Error {
  constructor(
    readonly errCode: number,
    readonly extra: Record<string, unknown> = {},
    /** 409 = session gone, 403 = account frozen (docs/architecture.md#the-answer-envelope); 0 otherwise */
    readonly envelopeCode: 0 | 403 | 409 = 0,
  ) {
    super(`errCode ${errCode}`);
  }
}

export const sessionGone = () => new ApiError(1062, {}, 409);
export const accountFrozen = () => new ApiError(1069, {}, 403);

export function failureBody(lang: ApiLang, error: ApiError) {
  const num = error.extra.num === undefined ? undefined : String(error.extra.num);
  return {
    code: error.envelopeCode,
    info: message(lang, String(error.errCode), num),
    data: { errCode: error.errCode, ...error.extra },
  };
}

export function ok<T>(c: Context, data: T, infoKey = "ok") {
  return c.json({ code: 1, info: message(c.get("lang"), infoKey), data });
}
