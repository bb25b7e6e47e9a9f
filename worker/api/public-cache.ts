import { apiLang } from "#shared/messages";
import { parseRequestBody } from "./request-body";

// Token-free public answers (docs/architecture.md#the-contract: settings, banners, articles, the game list) may be kept at the
// edge for a short time (PUBLIC_CACHE_SECONDS); nothing that carries a token is ever stored or served
// from the cache (docs/decisions/082-public-answers-at-the-edge.md).

const PUBLIC_PATHS = new Set([
  "/api/index/getconfig",
  "/api/game/slide",
  "/api/game/getoneclassarticle",
  "/api/game/getarticlelist",
  "/api/game/getarticledetail",
  "/api/game/getgamelist",
]);

/** A public call's body is a few fields; anything longer is not worth a cache entry. */
const MAX_KEY_BODY_CHARS = 2_048;

/** The Worker's cache (`caches.default`); the DOM lib of the app and test configs, which also check this file, does not know it. */
export const edgeCache = (): Cache => (caches as CacheStorage & { default: Cache }).default;

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.has(pathname.toLowerCase());

/**
 * The cache key of a token-free public call, or null when it must not be cached: another path, a
 * token in the body or an Authorization header, or a body the API would refuse. The key holds the
 * language the answer is written in (body lang, else Accept-Language, as worker/api/context.ts reads it)
 * and every other field, in a fixed order.
 */
export function publicCacheKey(url: URL, headers: Headers, rawBody: string): string | null {
  const path = url.pathname.toLowerCase();
  if (!PUBLIC_PATHS.has(path) || headers.has("authorization") || rawBody.length > MAX_KEY_BODY_CHARS) return null;
  const body = parseRequestBody(rawBody, headers.get("content-type") ?? "");
  if (!body || "token" in body) return null;
  const lang = apiLang(body.lang ?? headers.get("accept-language")?.split(",")[0]);
  const fields = Object.entries(body)
    .filter(([name]) => name !== "lang")
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const key = new URL(`/__public-cache${path}`, url.origin);
  key.searchParams.set("lang", lang);
  key.searchParams.set("fields", JSON.stringify(fields));
  return key.href;
}
