import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./types";
import { databasesOver } from "../db/databases";
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

/**
 * Every API call's databases (`c.var.db`, worker/db/databases.ts): the call runs in one D1 session per database
 * (worker/db/read-sessions.ts, docs/decisions/160), started at the primary, or at the caller's bookmark of that
 * database or anywhere for the paths that read from replicas. The wallet shards (docs/decisions/161) run in
 * sessions of the call too, each from the caller's bookmark of that database (a bookmark is a position in one
 * database's history, worker/db/bookmarks.ts), and a shard's failures name it (worker/db/shard-trouble.ts): its
 * players are told their account is busy. The sessions' bookmarks go back with the answer, failures included,
 * so the caller reads its own writes next time.
 */
export const databases: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  const caller = parseBookmarks(c.req.header(BOOKMARK_HEADER) ?? null);
  const control = openSession(c.env.DB, path, caller[CONTROL_KEY] ?? null);
  const shards = walletBindings(c.env).map((d1, shard) => troubleTold(d1, shard));
  const wallets = shards.map((d1, shard) => openSession(d1, path, caller[shardKey(shard)] ?? null));
  c.set(
    "db",
    databasesOver(
      { session: control.binding, primary: c.env.DB },
      wallets.map((wallet, shard) => ({ session: wallet.binding, primary: shards[shard]! })),
    ),
  );
  await next();
  // each database's latest of the caller's, the sessions' own, and one a route handed back for a write made
  // elsewhere (a room's order, worker/api/context.ts handBookmark)
  const own: Bookmarks = {};
  const controlBookmark = control.bookmark();
  if (controlBookmark) own[CONTROL_KEY] = controlBookmark;
  wallets.forEach((wallet, shard) => {
    const bookmark = wallet.bookmark();
    if (bookmark) own[shardKey(shard)] = bookmark;
  });
  // every answer of the API is made by Hono here (c.json, c.body), so its headers can be set
  const headers = c.res.headers;
  const bookmark = formatBookmarks(mergeBookmarks(caller, own, parseBookmarks(headers.get(BOOKMARK_HEADER))));
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  headers.set(READ_MODE_HEADER, control.mode);
};
