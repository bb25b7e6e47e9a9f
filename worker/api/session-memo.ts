import type { AnyDb } from "../db/client";
import type { Databases } from "../db/databases";
import type { Context } from "hono";
import type { AppEnv } from "./types";
import { shardOfToken } from "../db/shards";
import { findSessionUser } from "../accounts/sessions";
import { noteSessionOwner } from "../request-log";

export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/**
 * One session lookup per request (docs/decisions/113): a page's loaders call the API in-process
 * several times with the same token (worker/index.ts callApi), all under the page request's
 * ExecutionContext, so the lookup is kept per context and token. A call that changes sessions
 * (sign-out, password change, self-exclusion, an operator's freeze or revoke) forgets them all, so
 * the next call of the same request looks again and sees the change.
 */
const memos = new WeakMap<object, Map<string, Promise<SessionRow | undefined>>>();

export function requestScope(c: Context<AppEnv>): object | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // called without an ExecutionContext (a bare app.fetch): no memo
  }
}

/** The session and its owner for a token; `fresh` is false when this request already looked it up. */
export async function lookupSession(
  c: Context<AppEnv>,
  token: string,
  nowMs: number,
): Promise<{ row: SessionRow | undefined; fresh: boolean }> {
  const found = await lookupOnce(c, token, nowMs);
  // The request's log line names whose session it was (worker/request-log.ts).
  if (found.row) noteSessionOwner(requestScope(c), found.row);
  return found;
}

async function lookupOnce(
  c: Context<AppEnv>,
  token: string,
  nowMs: number,
): Promise<{ row: SessionRow | undefined; fresh: boolean }> {
  const scope = requestScope(c);
  if (!scope) return { row: await findSessionUser(sessionDb(c.var.db, token), token, nowMs), fresh: true };
  let memo = memos.get(scope);
  if (!memo) memos.set(scope, (memo = new Map()));
  const known = memo.get(token);
  if (known) return { row: await known, fresh: false };
  const lookup = findSessionUser(sessionDb(c.var.db, token), token, nowMs);
  memo.set(token, lookup);
  try {
    return { row: await lookup, fresh: true };
  } catch (error) {
    memo.delete(token);
    throw error;
  }
}

/**
 * Where a token's session is stored, at its primary: the player's wallet shard its first byte names, or the
 * control database (worker/db/shards.ts).
 */
function sessionDb(dbs: Databases, token: string): AnyDb {
  const shard = shardOfToken(token, dbs.wallets.length);
  return shard === null ? dbs.controlPrimary : dbs.walletPrimary(shard);
}

/** This request changed sessions: later calls in it look them up again. */
export function sessionsChanged(c: Context<AppEnv>) {
  const scope = requestScope(c);
  if (scope) memos.delete(scope);
}
