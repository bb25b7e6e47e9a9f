import type { AnyDb } from "../db/client";
import { eq, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { runInOneBatch } from "../db/batch";
import { loginAttempts } from "../db/schema";

// The one counter for every check of a secret (login password, withdrawal password, SMS code), see
// docs/decisions/050-secret-check-lockout.md. docs/product.md#accounts-and-security: 10 failures in 15 minutes lock for 15 minutes.
export const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
/** All sources together may try one account's login this often per window (decision 050). */
export const MAX_LOGIN_FAILURES_ALL_SOURCES = 50;

/** One counter: its key and how many attempts a window allows before it locks. */
export type AttemptLimit = { key: string; max: number };

export const limits = {
  /** The login password: per account and source, plus a ceiling per account over all sources. */
  login: (username: string, source: string): AttemptLimit[] => [
    { key: `login:${username.toLowerCase()}@${source}`, max: MAX_FAILURES },
    { key: `login:${username.toLowerCase()}`, max: MAX_LOGIN_FAILURES_ALL_SOURCES },
  ],
  /** The login password typed inside a session (changing it): per account. */
  accountPassword: (userId: number): AttemptLimit[] => [{ key: `passwd:${userId}`, max: MAX_FAILURES }],
  /** The withdrawal password, wherever it is asked (withdraw, accounts, changing it): per account. */
  payPassword: (userId: number): AttemptLimit[] => [{ key: `paypwd:${userId}`, max: MAX_FAILURES }],
  /**
   * Operator sign-in (password, then second factor): its own key, so it never locks a player's name, and
   * one per account whatever the spelling (usernames are unique without regard to case).
   */
  operator: (username: string): AttemptLimit[] => [{ key: `operator:${username.toLowerCase()}`, max: MAX_FAILURES }],
  /** An SMS code: per phone number, its E.164 string whatever the spelling typed (docs/decisions/168). */
  smsCode: (e164: string): AttemptLimit[] => [{ key: `sms:${e164}`, max: MAX_FAILURES }],
};

/**
 * Reserves one attempt on a counter in ONE statement, before any slow hash: the row is counted only
 * while it is not locked, and the attempt that reaches `max` sets the lock. RETURNING yields a row only
 * when the attempt was counted, so however many guesses race, at most `max` per window get a row.
 */
function reserveStatement(db: AnyDb, limit: AttemptLimit, nowMs: number) {
  const windowOpen = sql`${loginAttempts.windowStartMs} > ${nowMs - WINDOW_MS}`;
  const failures = sql`CASE WHEN ${windowOpen} THEN ${loginAttempts.failures} + 1 ELSE 1 END`;
  return db
    .insert(loginAttempts)
    .values({
      username: limit.key,
      failures: 1,
      windowStartMs: nowMs,
      lockedUntilMs: limit.max <= 1 ? nowMs + LOCK_MS : 0,
    })
    .onConflictDoUpdate({
      target: loginAttempts.username,
      set: {
        failures,
        windowStartMs: sql`CASE WHEN ${windowOpen} THEN ${loginAttempts.windowStartMs} ELSE ${nowMs} END`,
        lockedUntilMs: sql`CASE WHEN ${failures} >= ${limit.max} THEN ${nowMs + LOCK_MS} ELSE 0 END`,
      },
      setWhere: sql`${loginAttempts.lockedUntilMs} <= ${nowMs}`,
    })
    .returning({ failures: loginAttempts.failures });
}

/** Reserves one attempt on every counter (one D1 batch); false when any of them is locked. */
export async function reserveAttempt(db: AnyDb, counters: AttemptLimit[], nowMs: number): Promise<boolean> {
  const results = await runInOneBatch(
    db,
    counters.map((limit) => reserveStatement(db, limit, nowMs)),
  );
  return results.every((result) => result.results.length > 0);
}

/** The owner got in: their own counter starts again; the wider ones only give back this attempt. */
export async function clearAttempts(db: AnyDb, counters: AttemptLimit[]) {
  const [own, ...wider] = counters;
  await runInOneBatch(db, [
    db.delete(loginAttempts).where(eq(loginAttempts.username, own.key)),
    ...wider.map((limit) =>
      db
        .update(loginAttempts)
        .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
        .where(eq(loginAttempts.username, limit.key)),
    ),
  ]);
}

/**
 * Checks a secret under its counters: the attempt is reserved first, refused with `lockedCode` when any
 * counter is locked, and only then `check` (the slow hash) runs. A right secret clears its first counter
 * and gives the attempt back on the others; a wrong one stays counted.
 */
export async function checkSecret(
  db: AnyDb,
  counters: AttemptLimit[],
  nowMs: number,
  lockedCode: number,
  check: () => Promise<boolean>,
) {
  if (!(await reserveAttempt(db, counters, nowMs))) throw new ProductError(lockedCode);
  const right = await check();
  if (right) await clearAttempts(db, counters);
  return right;
}
