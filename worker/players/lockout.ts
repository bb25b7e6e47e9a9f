import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

// DESIGN.md 8: 10 failures per account in 15 minutes lock it for 15 minutes, known user or not.
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

const keyOf = (username: string) => username.toLowerCase();

export async function isLockedOut(db: Db, username: string, nowMs: number): Promise<boolean> {
  const [row] = await db
    .select({ lockedUntilMs: loginAttempts.lockedUntilMs })
    .from(loginAttempts)
    .where(eq(loginAttempts.username, keyOf(username)));
  return !!row && row.lockedUntilMs > nowMs;
}

/** One statement, so concurrent failures all count. */
export async function recordLoginFailure(db: Db, username: string, nowMs: number) {
  const windowOpen = sql`${loginAttempts.windowStartMs} > ${nowMs - WINDOW_MS}`;
  const failures = sql`CASE WHEN ${windowOpen} THEN ${loginAttempts.failures} + 1 ELSE 1 END`;
  await db
    .insert(loginAttempts)
    .values({ username: keyOf(username), failures: 1, windowStartMs: nowMs, lockedUntilMs: 0 })
    .onConflictDoUpdate({
      target: loginAttempts.username,
      set: {
        failures,
        windowStartMs: sql`CASE WHEN ${windowOpen} THEN ${loginAttempts.windowStartMs} ELSE ${nowMs} END`,
        lockedUntilMs: sql`CASE WHEN ${failures} >= ${MAX_FAILURES} THEN ${nowMs + LOCK_MS} ELSE ${loginAttempts.lockedUntilMs} END`,
      },
    });
}

export async function clearLoginFailures(db: Db, username: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.username, keyOf(username)));
}
