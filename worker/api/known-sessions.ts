import type { Context } from "hono";
import { accountFrozen, sessionGone } from "#shared/product-error";
import { isPlayerSession } from "./context";
import { lookupSession } from "./session-memo";
import type { AppEnv, SessionUser } from "./types";
import { sha256Hex } from "../auth/crypto";

/**
 * Who a token names, kept per isolate for the bet path (docs/decisions/116). A session's id and its
 * player's id and username never change, so they may be remembered; whether the session still
 * signs in (not revoked, not expired, the same password generation) and whether the player is frozen can
 * change at any moment, so a route that reads from here checks them inside its own write
 * (`sessionLiveSql`, worker/accounts/sessions.ts) and calls `confirmSession` before answering anything else.
 */
export type KnownSession = Pick<SessionUser, "id" | "username" | "sessionId">;

const MAX_KNOWN = 10_000;
const known = new Map<string, KnownSession>();

function remember(hash: string, user: KnownSession) {
  if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value!);
  known.set(hash, user);
}

/** The token's player from memory, else looked up (a dead session is 409/1062, a frozen player 403/1069). */
export async function knownSessionUser(
  c: Context<AppEnv>,
  token: string,
): Promise<{ user: KnownSession; fromMemory: boolean }> {
  const hash = await sha256Hex(token);
  const kept = known.get(hash);
  if (kept) return { user: kept, fromMemory: true };
  const user = await confirmSession(c, token);
  remember(hash, user);
  return { user, fromMemory: false };
}

/** The full lookup: the session signs in and its player is not frozen, else it is forgotten and refused. */
export async function confirmSession(c: Context<AppEnv>, token: string): Promise<KnownSession> {
  const { row } = await lookupSession(c, token, Date.now());
  if (!row || !isPlayerSession(row) || row.frozen) {
    known.delete(await sha256Hex(token));
    throw row && isPlayerSession(row) ? accountFrozen() : sessionGone();
  }
  return { id: row.id, username: row.username, sessionId: row.sessionId };
}
