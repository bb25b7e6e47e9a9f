import { failureBody } from "../envelope";
import { ProductError } from "#shared/product-error";
import { apiLang, type ApiLang } from "#shared/messages";
import type { Config } from "../../config";
import { contractPath } from "./allow-list";
import { sanitizeUpstreamArticles } from "../../content/articles";
import { SHARD_RETRY_SECONDS } from "../../db/shard-trouble";

const MAX_REQUEST_BYTES = 64 * 1024;
const MAX_ANSWER_BYTES = 1024 * 1024;
const FORWARDED_TYPES = /^(application\/json|application\/x-www-form-urlencoded)\b/i;

class UpstreamFailure extends Error {
  constructor(
    readonly errCode: 1004 | 1060,
    detail: string,
  ) {
    super(detail);
  }
}

/** Our own envelope, HTTP 200 like every answer of the contract (docs/architecture.md#the-answer-envelope). */
function failure(lang: ApiLang, error: ProductError, status = 200) {
  return Response.json(failureBody(lang, error), { status });
}

/**
 * Proxy mode (docs/architecture.md#one-worker): a contract call is forwarded to UPSTREAM_API_BASE + its allow-listed path,
 * with only its body and content type. The answer is re-made from a checked envelope: nothing else of
 * the upstream's (headers, cookies, error pages, extra fields) reaches the client. Failures are answered
 * 1004 (timeout, network) or 1060 (anything not a sane envelope), never a 500; an envelope the upstream sent
 * with 503 keeps its 503.
 */
export async function forwardToUpstream(request: Request, config: Config): Promise<Response> {
  const url = new URL(request.url);
  const path = contractPath(url.pathname);
  let lang = apiLang(request.headers.get("accept-language") ?? undefined);
  if (request.method !== "POST" || !path) return failure(lang, new ProductError(1001), 404);
  // the deadline for the whole answer, body included: UPSTREAM_TIMEOUT_MS (docs/product.md#constants-and-limits)
  const timeoutMs = config.upstreamTimeoutMs;
  const body = await readLimited(request.body, MAX_REQUEST_BYTES, Date.now() + timeoutMs).catch(() => null);
  if (body === null) return failure(lang, new ProductError(1001));
  lang = langOfBody(body) ?? lang;
  const target = `${config.upstreamApiBase}${path}`;
  const type = request.headers.get("content-type") ?? "";
  const headers = {
    "content-type": FORWARDED_TYPES.test(type) ? type : "application/json",
    accept: "application/json",
  };
  const deadline = Date.now() + timeoutMs;
  try {
    const upstream = await fetch(target, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = await readEnvelope(upstream, deadline, lang);
    // A refusal the upstream answered 503 (an account whose wallet shard is unavailable, 1240,
    // docs/decisions/169) stays a 503: never a 200 without the data.
    const busy = upstream.status === 503 && answer.code !== 1;
    return Response.json(
      { ...answer, data: sanitizeUpstreamArticles(path, answer.data) },
      busy ? { status: 503, headers: { "retry-after": String(SHARD_RETRY_SECONDS) } } : undefined,
    );
  } catch (error) {
    const errCode = error instanceof UpstreamFailure ? error.errCode : 1004;
    console.error(JSON.stringify({ upstream: path, errCode, error: String(error).slice(0, 300) }));
    return failure(lang, new ProductError(errCode));
  }
}

/** The upstream's answer as {code, info, data}, or an UpstreamFailure. */
async function readEnvelope(upstream: Response, deadline: number, lang: ApiLang) {
  if (upstream.status >= 300 && upstream.status < 400) {
    await upstream.body?.cancel();
    throw new UpstreamFailure(1060, `redirect ${upstream.status} not followed`);
  }
  const bytes = await readLimited(upstream.body, MAX_ANSWER_BYTES, deadline);
  let answer: unknown;
  try {
    answer = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    answer = undefined;
  }
  if (isEnvelope(answer)) return { code: answer.code, info: answer.info, data: answer.data ?? null };
  // An upstream that says "session gone" or "frozen" by HTTP status only is still heard (docs/product.md#errors).
  if (upstream.status === 409) return failureBody(lang, new ProductError(1062, {}, 409));
  if (upstream.status === 403) return failureBody(lang, new ProductError(1069, {}, 403));
  throw new UpstreamFailure(1060, `HTTP ${upstream.status}, not an envelope`);
}

function isEnvelope(value: unknown): value is { code: number; info: string; data?: unknown } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const { code, info } = value as Record<string, unknown>;
  return Number.isInteger(code) && typeof info === "string" && info.length <= 1_000;
}

/** Reads a body whole, failing past `limit` bytes or past `deadline` (a trickled body is cut, not waited for). */
async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  deadline: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UpstreamFailure(1004, "answer not complete in time")),
      Math.max(0, deadline - Date.now()),
    );
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timeout]);
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new UpstreamFailure(1060, `body over ${limit} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

function langOfBody(body: Uint8Array): ApiLang | undefined {
  try {
    const text = new TextDecoder().decode(body);
    const lang = text.trimStart().startsWith("{") ? JSON.parse(text).lang : new URLSearchParams(text).get("lang");
    return typeof lang === "string" ? apiLang(lang) : undefined;
  } catch {
    return undefined;
  }
}
