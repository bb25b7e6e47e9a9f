import type { Context } from "hono";
import { message, type ApiLang } from "#shared/messages";
import type { ProductError } from "#shared/product-error";

export function failureBody(lang: ApiLang, error: ProductError) {
  const num = error.extra.num === undefined ? undefined : String(error.extra.num);
  return {
    code: error.envelopeCode,
    info: message(lang, String(error.errCode), num, typeof error.extra.at === "string" ? error.extra.at : undefined),
    data: { errCode: error.errCode, ...error.extra },
  };
}

export function ok<T>(c: Context, data: T, infoKey = "ok") {
  return c.json({ code: 1, info: message(c.get("lang"), infoKey), data });
}
