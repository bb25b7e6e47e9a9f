import type { AnyDb } from "../db/client";
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { randomHex, sha256Hex } from "../auth/crypto";
import { sessions, users } from "../db/schema";
import { tokenPrefix } from "../db/shards";

/** Who a session is for, with the password generation read when their password was checked. */
export type SessionOwner = { id: number; passwordGeneration: number };

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// docs/product.md#operators: an operator session lives 12 h at most and ends after 30 min without a request.
const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const OPERATOR_IDLE_MS = 30 * 60 * 1000;

/**
 * A 256-bit random token; only its SHA-256 is stored, so a database leak reveals no live session.
 * `passwordGeneration` is the user's generation read together with the password hash that was checked:
 * if the password changed meanwhile, the session is born dead (docs/decisions/051-sessions-end-with-the-password.md).
 */
export async function createSession(db: AnyDb, user: SessionOwner, nowMs: number, shard: number): Promise<string> {
  const { token, statement } = await newSessionStatement(db, user, "player", nowMs, shard);
  await statement;
  return token;
}

/**
 * A session row to write, alone or inside a batch; the token is handed out once and never stored. Its first
 * byte names where the session is stored (worker/db/shards.ts tokenPrefix): a player's wallet shard, or the
 * control database for an operator.
 */
export async function newSessionStatement(
  db: AnyDb,
  user: SessionOwner,
  kind: "player" | "operator",
  nowMs: number,
  shard: number | null = null,
) {
  const token = tokenPrefix(kind === "operator" ? null : shard) + randomHex(31);
  const ttl = kind === "operator" ? OPERATOR_SESSION_TTL_MS : SESSION_TTL_MS;
  const statement = db.insert(sessions).values({
    userId: user.id,
    passwordGeneration: user.passwordGeneration,
    tokenHash: await sha256Hex(token),
    createdAtMs: nowMs,
    expiresAtMs: nowMs + ttl,
    kind,
    lastSeenAtMs: nowMs,
  });
  return { token, statement };
}

export function touchSession(db: AnyDb, sessionId: number, nowMs: number) {
  return db.update(sessions).set({ lastSeenAtMs: nowMs }).where(eq(sessions.id, sessionId));
}

export async function findSessionUser(db: AnyDb, token: string, nowMs: number) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
      operatorRole: users.operatorRole,
      frozen: users.frozen,
      kind: sessions.kind,
      lastSeenAtMs: sessions.lastSeenAtMs,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, await sha256Hex(token)),
        isNull(sessions.revokedAtMs),
        gt(sessions.expiresAtMs, nowMs),
        eq(sessions.passwordGeneration, users.passwordGeneration),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The session still signs its player in and the player is not frozen: the same rules as
 * findSessionUser, as one SQL condition for a write that must decide it itself (docs/decisions/116).
 */
export function sessionLiveSql(sessionId: number, userId: number, nowMs: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${sessions} s JOIN ${users} u ON u.id = s.user_id
    WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.revoked_at_ms IS NULL AND s.expires_at_ms > ${nowMs}
      AND s.password_generation = u.password_generation AND u.frozen = 0 AND s.kind = 'player' AND u.role = 'player')`;
}

export async function revokeSession(db: AnyDb, sessionId: number, nowMs: number) {
  await db
    .update(sessions)
    .set({ revokedAtMs: nowMs })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAtMs)));
}

export function revokeAllSessionsStatement(db: AnyDb, userId: number, nowMs: number) {
  return db
    .update(sessions)
    .set({ revokedAtMs: nowMs })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAtMs)));
}

/** The sign-in of a session and when its reality check was last answered (docs/product.md#player-protection). */
export async function sessionRealityCheck(db: AnyDb, sessionId: number) {
  const [row] = await db
    .select({
      signedInAtMs: sessions.createdAtMs,
      seenAtMs: sessions.realityCheckSeenAtMs,
      minutes: users.realityCheckMinutes,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row!;
}

export async function markRealityCheckSeen(db: AnyDb, sessionId: number, nowMs: number) {
  await db.update(sessions).set({ realityCheckSeenAtMs: nowMs }).where(eq(sessions.id, sessionId));
}
