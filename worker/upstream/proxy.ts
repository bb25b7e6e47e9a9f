import { ApiError, failureBody } from "../api/envelope";
import { apiLang } from "../api/i18n";
import type { Config } from "../config";

const UPSTREAM_TIMEOUT_MS = 6_000;

// Only the contract's calls (SPEC.md 7) leave for the upstream backend, matched case-insensitively.
const CONTRACT_PATHS = new Set(
  [
    "index/login", "index/register", "index/repasswd", "index/resetpaypwd", "index/getconfig", "index/sms_send",
    "index/logout", "game/getuserinfo", "game/slide", "game/getoneclassarticle", "game/getarticledetail",
    "game/getarticlelist", "game/getroomlist", "game/getgamelist", "game/getgameinfo", "game/getvorder",
    "game/todaywinlost", "game/withdraw", "game/getfinanceflow", "game/order", "game/current", "game/gettrenddata",
    "game/getgamelog", "game/getgamelog2", "game/getgamecancel", "game/getbankcardlist", "game/delbankcard",
    "game/addbankcard", "game/recharge",
    // finance (DESIGN.md 12)
    "game/getproductlist", "game/producttransferin", "game/getproductorders",
  ].map((p) => `/api/${p}`),
);

function failure(lang: string | undefined, code: number, status = 200) {
  return Response.json(failureBody(apiLang(lang), new ApiError(code)), { status });
}

/** Proxy mode: forwards a contract call to UPSTREAM_API_BASE with the same path and JSON body. */
export async function forwardToUpstream(request: Request, config: Config): Promise<Response> {
  const url = new URL(request.url);
  const lang = request.headers.get("accept-language") ?? undefined;
  if (request.method !== "POST" || !CONTRACT_PATHS.has(url.pathname.toLowerCase())) return failure(lang, 1001, 404);
  const target = `${config.upstreamApiBase}${url.pathname}${url.search}`;
  const headers = new Headers({ "content-type": request.headers.get("content-type") ?? "application/json" });
  const auth = request.headers.get("authorization");
  if (auth) headers.set("authorization", auth);
  try {
    const upstream = await fetch(target, {
      method: "POST",
      headers,
      body: await request.arrayBuffer(),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    const type = upstream.headers.get("content-type") ?? "";
    if (!type.includes("json")) return failure(lang, 1004, 502);
    return new Response(upstream.body, { status: upstream.status, headers: { "content-type": type } });
  } catch (error) {
    console.error(JSON.stringify({ upstream: target, error: String(error) }));
    return failure(lang, 1004, 504);
  }
}
