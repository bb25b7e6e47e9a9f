import { and, eq, gt, isNull } from "drizzle-orm";
import { randomHex, sha256Hex } from "../auth/crypto";
import type { Db } from "./client";
import { sessions, users } from "./schema";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A 256-bit random token; only its SHA-256 is stored, so a database leak reveals no live session. */
export async function createSession(db: Db, userId: number, nowMs: number): Promise<string> {
  const token = randomHex(32);
  await db.insert(sessions).values({
    userId,
    tokenHash: await sha256Hex(token),
    createdAtMs: nowMs,
    expiresAtMs: nowMs + SESSION_TTL_MS,
  });
  return token;
}

export async function findSessionUser(db: Db, token: string, nowMs: number) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      role: users.role,
      frozen: users.frozen,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, await sha256Hex(token)), isNull(sessions.revokedAtMs), gt(sessions.expiresAtMs, nowMs)))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, sessionId: number, nowMs: number) {
  await db.update(sessions).set({ revokedAtMs: nowMs }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAtMs)));
}

export function revokeAllSessionsStatement(db: Db, userId: number, nowMs: number) {
  return db.update(sessions).set({ revokedAtMs: nowMs }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAtMs)));
}
