import { databasesOf } from "./db/databases";
import { ACCESS_EMAIL_HEADER, asksConsoleManifest, isConsoleUrl, verifiedAccessEmail } from "./api/access";
import { apiLang, message } from "#shared/messages";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The Remix server build exists once `npm run build` (or wrangler's [build]) has run.
import * as remixBuild from "../build/server";
import { handleApi } from "./api/handle";
import { BOOKMARK_HEADER } from "./db/read-sessions";
import { laterBookmarks } from "./db/bookmarks";
import { bookmarkCookie, bookmarkFromCookie } from "./bookmark-cookie";
import { readConfig } from "./config";
import { newNonce, sameOriginOrSafe, withSecurityHeaders } from "./security";
import type { ApiAnswer } from "#shared/api-types";
import type { DrawRule } from "#shared/games/fairness";
import { handleRoomSocket, wakeOpenRooms } from "./room/routing";
import { accrueEveryShard } from "./finance/accrue";
import { applyDueLimitChanges } from "./protection/service";
import { pruneIdleRounds } from "./room/round-retention";
import { pruneLapsedAllowances } from "./wallet/solo-allowances";
import { checkBooksWhenDue } from "./insight/books";
import { closeEveryShardsDaysWhenDue } from "./insight/books-days-shards";
import { handlePricesSocket, lastPrices } from "./prices/routing";
import { withRequestLog } from "./request-log";
import { serveMedia } from "./media/banner-images";

export { RoomDO } from "./room/room-do";
export { PricesDO } from "./prices/prices-do";

const remixHandler = createRequestHandler(remixBuild as unknown as ServerBuild);

/**
 * The request as the Worker trusts it: the Access email header only as this Worker verified it (any a
 * client sent is dropped), or the refusal of a console request without a valid Access token (1236).
 */
async function withAccessIdentity(request: Request, env: Env, url: URL): Promise<Request | Response> {
  const access = readConfig(env).access;
  // the first layer: every console URL, pages, their Remix data requests, the route manifest of their paths and the
  // API (docs/decisions/169, 184)
  const guarded = access !== null && isConsoleUrl(url);
  if (!guarded && !request.headers.has(ACCESS_EMAIL_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.delete(ACCESS_EMAIL_HEADER);
  if (guarded) {
    // the route manifest is asked at /__manifest, outside the Access application's paths: its token comes as the cookie
    const email = await verifiedAccessEmail(request, access, { cookie: asksConsoleManifest(url) });
    if (!email) {
      const lang = apiLang(request.headers.get("accept-language")?.split(",")[0]);
      const info = message(lang, "1236");
      return url.pathname.toLowerCase().startsWith("/api/")
        ? Response.json({ code: 0, info, data: { errCode: 1236 } })
        : new Response(info, { status: 403, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    headers.set(ACCESS_EMAIL_HEADER, email);
  }
  return new Request(request, { headers });
}

async function serve(original: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(original.url);
  const nonce = newNonce();
  let response: Response;
  const path = url.pathname.toLowerCase();
  const request = await withAccessIdentity(original, env, url);
  if (request instanceof Response) return withSecurityHeaders(request, nonce, url.protocol === "https:");
  // Every /api path, the bare one included, answers in the envelope (docs/architecture.md#the-contract).
  if (path === "/api" || path.startsWith("/api/")) {
    response = await handleApi(request, env, ctx);
  } else if (path.startsWith("/ws/room/")) {
    // In proxy mode the rounds are the upstream's: a local room would show a round of its own. Without
    // the socket the page follows the round through the contract (getVorder polling, docs/product.md#constants-and-limits).
    response =
      readConfig(env).apiMode === "proxy"
        ? new Response("No live room feed in proxy mode", { status: 404 })
        : await handleRoomSocket(request, env, url);
  } else if (path.startsWith("/media/")) {
    // Banner images the console uploaded to R2 (docs/decisions/141); in proxy mode the bucket stays empty.
    response = await serveMedia(request, env.MEDIA, url.pathname);
  } else if (path.startsWith("/ws/prices")) {
    response = await handlePricesSocket(request, env, url);
  } else if (!sameOriginOrSafe(request, url)) {
    response = new Response("Cross-origin form posts are refused", { status: 403 });
  } else {
    // The visitor's last write position: every in-process call starts there, the latest answered is kept.
    const incomingBookmark = bookmarkFromCookie(request);
    let bookmark = incomingBookmark;
    // A FormData body (a banner image upload) goes as multipart, with its own content type.
    const callApiResponse = async (path: string, body: Record<string, unknown> | FormData) => {
      const multipart = body instanceof FormData;
      const apiRequest = new Request(new URL(path, url.origin), {
        method: "POST",
        // The player's address travels with the form's call: login attempts count per source.
        headers: {
          ...(multipart ? {} : { "content-type": "application/json" }),
          "cf-connecting-ip": request.headers.get("cf-connecting-ip") ?? "unknown",
          // the console's own calls carry the identity Access verified for the page
          ...(request.headers.has(ACCESS_EMAIL_HEADER)
            ? { [ACCESS_EMAIL_HEADER]: request.headers.get(ACCESS_EMAIL_HEADER) ?? "" }
            : {}),
          ...(bookmark ? { [BOOKMARK_HEADER]: bookmark } : {}),
        },
        body: multipart ? body : JSON.stringify(body),
      });
      const answer = await handleApi(apiRequest, env, ctx);
      bookmark = laterBookmarks(bookmark, answer.headers.get(BOOKMARK_HEADER));
      return answer;
    };
    const callApi = async (path: string, body: Record<string, unknown> | FormData) =>
      (await callApiResponse(path, body)).json() as Promise<ApiAnswer>;
    const config = readConfig(env);
    const drawRule: DrawRule = {
      rule: config.apiMode === "proxy" ? "upstream" : config.beacon.url ? "beacon" : "commitReveal",
      testPublicKey: config.beacon.testPublicKey,
    };
    response = await remixHandler(request, {
      cloudflare: { env, ctx },
      nonce,
      callApi,
      callApiResponse,
      lastPrices: () => lastPrices(env),
      drawRule,
    });
    if (bookmark && bookmark !== incomingBookmark) {
      response = new Response(response.body, response);
      response.headers.append("set-cookie", bookmarkCookie(bookmark, url.protocol === "https:"));
    }
  }
  return withSecurityHeaders(response, nonce, url.protocol === "https:");
}

export default {
  async fetch(request, env, ctx) {
    readConfig(env); // fail fast on a broken environment
    return withRequestLog(request, ctx, () => serve(request, env, ctx));
  },

  async scheduled(controller, env, ctx) {
    // Rooms and lock-up orders live with the upstream in proxy mode: nothing local to run.
    if (readConfig(env).apiMode === "proxy") return;
    ctx.waitUntil(wakeOpenRooms(env));
    // The cron's databases, over their bindings (worker/db/databases.ts).
    const dbs = databasesOf(env);
    // Interest and maturity of the lock-up orders, in every wallet shard: idempotent, so every minute is safe and
    // a missed run is caught up. They are paid up to the cron's scheduled time (a moment before now when deployed),
    // which the browser flows set through wrangler dev's trigger route, /cdn-cgi/local/scheduled?time= (no
    // deployment serves it): they reach a lock-up's days without a route of ours (docs/decisions/070).
    ctx.waitUntil(accrueEveryShard(dbs, controller.scheduledTime));
    // Limit raises and removals whose 24 hours are over, each with its notice to the player: in every wallet
    // shard, where the players' limits and notices are (docs/decisions/161).
    for (const wallet of dbs.wallets) ctx.waitUntil(applyDueLimitChanges(wallet, Date.now()));
    // Drawn rounds nobody bet on, past their retention: one bounded step a minute.
    ctx.waitUntil(pruneIdleRounds(dbs.control, Date.now(), readConfig(env).idleRoundRetentionDays));
    // Reservations of what one operator moves alone, long past their 24 hours (docs/decisions/161).
    ctx.waitUntil(pruneLapsedAllowances(dbs.control, Date.now()));
    // The money invariants on the live books, every few minutes (docs/decisions/136).
    ctx.waitUntil(checkBooksWhenDue(dbs, Date.now()));
    // Each finished player day closes once its last batches are in (worker/insight/books-days.ts).
    ctx.waitUntil(closeEveryShardsDaysWhenDue(dbs.wallets, dbs.control, Date.now()));
  },
} satisfies ExportedHandler<Env>;
