import type { WalletDb } from "../db/client";
import { operatorRoleOf } from "#shared/operators/roles";
import type { Context, MiddlewareHandler } from "hono";
import { ProductError, accountFrozen, sessionGone } from "#shared/product-error";
import { apiLang } from "#shared/messages";
import type { AppEnv } from "./types";
import { lookupSession, requestScope, sessionsChanged } from "./session-memo";
import { requestIdOf } from "../request-log";
import { shardCount, shardOfToken } from "../db/shards";
import { eq } from "drizzle-orm";
import { readConfig } from "../config";
import { ACCESS_EMAIL_HEADER } from "./access";
import { MAX_BANNER_IMAGE_BYTES } from "../media/banner-images";
import { OPERATOR_IDLE_MS, revokeSession, touchSession } from "../accounts/sessions";
import { parseRequestBody } from "./request-body";
import { BOOKMARK_HEADER } from "../db/read-sessions";
import { CONTROL_KEY, formatBookmarks, mergeBookmarks, parseBookmarks, shardKey } from "../db/bookmarks";
import { users } from "../db/schema";

const MAX_BODY_BYTES = 64 * 1024;
/** The one call that takes a file: a banner image (worker/media/banner-images.ts), its fields beside it. */
const UPLOAD_PATHS = new Set(["/api/admin/banners/upload"]);
const MAX_UPLOAD_BYTES = MAX_BANNER_IMAGE_BYTES + MAX_BODY_BYTES;

/** A multipart body of an upload path: its text fields and its files; too large or malformed is undefined (1001). */
async function readUpload(request: Request): Promise<Record<string, unknown> | undefined> {
  if (!UPLOAD_PATHS.has(new URL(request.url).pathname.toLowerCase())) return undefined;
  // Too large to read: the route answers 1187 (the image's size limit), not a malformed body.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_UPLOAD_BYTES) return { tooLarge: true };
  const raw = await request.arrayBuffer();
  if (raw.byteLength > MAX_UPLOAD_BYTES) return { tooLarge: true };
  try {
    const form = await new Response(raw, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
    return Object.fromEntries(form);
  } catch {
    return undefined;
  }
}

async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return (await readUpload(request)) ?? null;
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return null;
  return parseRequestBody(raw, request.headers.get("content-type") ?? "");
}

/** Reads the body once, with lang, before any handler: malformed JSON is 1001 in the caller's language. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("requestId", requestIdOf(requestScope(c)) ?? c.req.header("cf-ray") ?? crypto.randomUUID());
  const body = await readBody(c.req.raw);
  const headerLang = c.req.header("accept-language")?.split(",")[0];
  c.set("lang", apiLang(body ? (body.lang ?? headerLang) : headerLang));
  if (!body) throw new ProductError(1001);
  c.set("body", body);
  await next();
};

/** The request's session token (body first, then a bearer header); one of the wrong shape is 409/1062. */
export function sessionToken(c: Context<AppEnv>): string {
  const body = c.get("body");
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const token = (typeof body.token === "string" ? body.token.trim() : "") || bearer || "";
  if (!/^[0-9a-f]{64}$/.test(token)) throw sessionGone();
  return token;
}

/** A session of the player login, of a player: an operator account never uses the player API (decision 060). */
export const isPlayerSession = (row: { kind: string; role: string }) => row.kind === "player" && row.role === "player";

/** Guards player routes: no valid player session is 409/1062, a frozen account 403/1069 (docs/architecture.md#the-answer-envelope). */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = sessionToken(c);
  const { row } = await lookupSession(c, token, Date.now());
  if (!row || !isPlayerSession(row)) throw sessionGone();
  if (row.frozen) throw accountFrozen();
  c.set("user", {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    role: row.role,
    sessionId: row.sessionId,
    // a token older than the shards names none: its player is in shard 0, the database it was made in
    shard: shardOfToken(token, shardCount(c.env)) ?? 0,
  });
  await next();
};

/**
 * Operator API (docs/product.md#operators): only a session made by POST /api/admin/login (password + TOTP) of an
 * operator. No token or a dead one is 409/1062; a player's token, or an operator's token from the player
 * login, is 1073; 30 minutes without a request end the session.
 */
export const requireOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = sessionToken(c);
  const db = c.var.db.control;
  const nowMs = Date.now();
  const { row, fresh } = await lookupSession(c, token, nowMs);
  if (!row) throw sessionGone();
  if (row.kind !== "operator" || row.role !== "operator") throw new ProductError(1073);
  if ((row.lastSeenAtMs ?? 0) < nowMs - OPERATOR_IDLE_MS) {
    await revokeSession(db, row.sessionId, nowMs);
    sessionsChanged(c);
    throw sessionGone();
  }
  if (row.frozen) throw accountFrozen();
  // Where Cloudflare Access guards the console, the session works only under the token of its
  // operator's own email (worker/api/access.ts): a session taken elsewhere is no way in.
  if (readConfig(c.env).access) {
    const bound = await c.var.db.controlPrimary
      .select({ email: users.operatorEmail })
      .from(users)
      .where(eq(users.id, row.id))
      .get();
    if (!bound?.email || bound.email.toLowerCase() !== c.req.header(ACCESS_EMAIL_HEADER)) throw new ProductError(1236);
  }
  // Once per request: a page's further in-process calls were seen at the same moment.
  if (fresh) await touchSession(db, row.sessionId, nowMs);
  c.set("user", {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    role: row.role,
    operatorRole: operatorRoleOf(row.operatorRole),
    sessionId: row.sessionId,
    shard: null,
  });
  await next();
};

/**
 * A write made outside the call's D1 session (a room's order or cancellation, written by the room): its
 * bookmark goes back with the answer, each database's later of it and the session's own
 * (worker/api/databases.ts), so the caller's next read from a replica sees it (docs/decisions/160). `shard` names
 * the wallet shard the write went to; none is the control database.
 */
export function handBookmark(c: Context<AppEnv>, bookmark: string | null, shard?: number) {
  if (!bookmark) return;
  const handed = { [shard === undefined ? CONTROL_KEY : shardKey(shard)]: bookmark };
  const merged = formatBookmarks(mergeBookmarks(parseBookmarks(c.res.headers.get(BOOKMARK_HEADER)), handed));
  if (merged) c.header(BOOKMARK_HEADER, merged);
}

/**
 * The signed-in player's wallet shard in the call's D1 session (docs/decisions/161): their balance, ledger,
 * requests, accounts, limits, sessions and the counters of their secrets live there.
 */
export function playerDb(c: Context<AppEnv>): WalletDb {
  const { shard } = c.get("user");
  if (shard === null) throw new Error("playerDb outside a player's call");
  return c.var.db.wallet(shard);
}
