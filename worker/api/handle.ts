import { demoApi } from "./app";
import { edgeCache, isPublicPath, publicCacheKey } from "./public-cache";
import { readConfig } from "../config";
import { forwardToUpstream } from "./upstream/proxy";
import { BOOKMARK_HEADER, READ_MODE_HEADER, openSession } from "../db/read-sessions";
import {
  type Bookmarks,
  CONTROL_KEY,
  formatBookmarks,
  mergeBookmarks,
  parseBookmarks,
  shardKey,
} from "../db/bookmarks";
import { walletBindings } from "../db/shards";
import { troubleTold } from "../db/shard-trouble";

/** Every /api call, from the browser or in-process from a Remix loader, goes through here. */
export async function handleApi(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const config = readConfig(env);
  const answer = (call: Request) =>
    config.apiMode === "proxy" ? forwardToUpstream(call, config) : answerFromD1(call, env, ctx);
  const url = new URL(request.url);
  if (config.publicCacheSeconds === 0 || request.method !== "POST" || !isPublicPath(url.pathname))
    return privately(await answer(request));

  const rawBody = await request.text();
  const call = new Request(request, { body: rawBody });
  const key = publicCacheKey(url, request.headers, rawBody);
  if (!key) return privately(await answer(call));
  const cached = await edgeCache().match(key);
  if (cached) return cached;
  const fresh = await answer(call);
  const text = await fresh.text();
  if (fresh.status !== 200 || !isSuccess(text)) return privately(new Response(text, fresh));
  const publicAnswer = new Response(text, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": `public, max-age=${config.publicCacheSeconds}`,
    },
  });
  ctx.waitUntil(edgeCache().put(key, publicAnswer.clone()));
  return publicAnswer;
}

/**
 * Demo mode: the call runs in one D1 session (worker/db/read-sessions.ts, docs/decisions/160), started at
 * the primary, or at the caller's bookmark or anywhere for the paths that read from replicas; the
 * session's bookmark goes back with the answer so the caller reads its own writes next time.
 */
async function answerFromD1(call: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const path = new URL(call.url).pathname;
  const caller = parseBookmarks(call.headers.get(BOOKMARK_HEADER));
  const session = openSession(env.DB, path, caller[CONTROL_KEY] ?? null);
  // The wallet shards (docs/decisions/161) run in sessions of the call too, each from the caller's bookmark of
  // that database: a bookmark is a position in one database's history (worker/db/bookmarks.ts).
  // A shard's failures name it (worker/db/shard-trouble.ts): its players are told their account is busy.
  const wallets = walletBindings(env).map((d1, shard) =>
    openSession(troubleTold(d1, shard), path, caller[shardKey(shard)] ?? null),
  );
  const shardEnv = Object.fromEntries(wallets.map((wallet, shard) => [`DB_WALLET_${shard}`, wallet.binding]));
  const response = await demoApi.fetch(call, { ...env, ...shardEnv, DB: session.binding }, ctx);
  const answer = new Response(response.body, response);
  // each database's latest of the caller's, the sessions' own, and one a route handed back for a write made
  // elsewhere (a room's order)
  const own: Bookmarks = {};
  const controlBookmark = session.bookmark();
  if (controlBookmark) own[CONTROL_KEY] = controlBookmark;
  wallets.forEach((wallet, shard) => {
    const bookmark = wallet.bookmark();
    if (bookmark) own[shardKey(shard)] = bookmark;
  });
  const bookmark = formatBookmarks(mergeBookmarks(caller, own, parseBookmarks(response.headers.get(BOOKMARK_HEADER))));
  if (bookmark) answer.headers.set(BOOKMARK_HEADER, bookmark);
  answer.headers.set(READ_MODE_HEADER, session.mode);
  return answer;
}

/** Answers for one player (or failures) are never stored by the edge, a proxy or the browser. */
function privately(response: Response): Response {
  const answer = new Response(response.body, response);
  answer.headers.set("cache-control", "no-store");
  return answer;
}

function isSuccess(text: string): boolean {
  try {
    return (JSON.parse(text) as { code?: unknown }).code === 1;
  } catch {
    return false;
  }
}
