import type { ControlDb } from "../db/client";
import { and, eq, isNull, lt, ne } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { hmacSha256 } from "../auth/crypto";
import { toHex } from "#shared/hex";
import { UNKNOWN_USER_HASH, hashPassword, verifyPassword } from "../auth/password";
import { base32Encode, totpStep } from "../auth/totp";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { recoveryCodes, sessions, users } from "../db/schema";
import { newSessionStatement } from "../accounts/sessions";
import { findUserByUsername, getUserById } from "../accounts/users";
import { clearAttempts, limits, reserveAttempt } from "../accounts/lockout";

// Operator sign-in (docs/decisions/060-operator-sign-in.md): password, then a TOTP code or one recovery
// code; enrolment (worker/operators/enrolment.ts) first.
// Failures count under their own key, one per account whatever the spelling, so a guessed operator name
// never locks the player of that name. Each attempt is reserved before the password hash
// (docs/decisions/050-secret-check-lockout.md) and stays counted until the whole sign-in succeeds. Every
// refusal (unknown name, player account, disabled operator, wrong password, wrong or replayed code) is the
// same 1170, so the password cannot be confirmed without the second factor.
const lockKey = (username: string) => limits.operator(username);
const refused = () => new ProductError(1170);

export type Credentials = { username: string; password: string; code: string };

export async function recoveryCodeHash(pepper: string, code: string) {
  return toHex(await hmacSha256(pepper, `recovery:${code.toUpperCase().replace(/[\s-]/g, "")}`));
}

/** A seeded local operator's secret, derived from the pepper so seeding twice gives the same one. */
export async function seedOperatorTotpSecret(pepper: string, username: string) {
  // "admin" keeps the derivation it had before there were two demo operators (local databases hold it)
  const label = username === "admin" ? "seed-operator-totp" : `seed-operator-totp:${username}`;
  return base32Encode((await hmacSha256(pepper, label)).slice(0, 20));
}

/**
 * Where Cloudflare Access guards the console, the email it verified (worker/api/access.ts) must be the
 * operator's own: an account the company's login does not know cannot be used. undefined: Access is off.
 */
export function matchesAccessEmail(operatorEmail: string | null, accessEmail: string | undefined) {
  return accessEmail === undefined || (!!operatorEmail && operatorEmail.toLowerCase() === accessEmail);
}

async function checkPassword(db: ControlDb, pepper: string, c: Credentials, nowMs: number, accessEmail?: string) {
  if (!(await reserveAttempt(db, lockKey(c.username), nowMs))) throw new ProductError(1016);
  const found = await findUserByUsername(db, c.username);
  const right = await verifyPassword(c.password, found?.passwordHash ?? UNKNOWN_USER_HASH, pepper);
  if (!found || !right || found.role !== "operator" || found.frozen) throw refused();
  const operator = await getUserById(db, found.id);
  if (!matchesAccessEmail(operator.operatorEmail, accessEmail)) throw refused();
  return operator;
}

/**
 * Takes a TOTP step for this operator, once: a step at or before the last one accepted is a replay. One
 * guarded statement, so two sign-ins racing with one code cannot both take it.
 */
async function takeTotpStep(db: ControlDb, operatorId: number, step: number) {
  const taken = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, operatorId), lt(users.totpLastStep, step)));
  if (taken.meta.changes !== 1) throw refused();
}

/** POST /api/admin/login: a session only after password and second factor; answers its token. */
export async function operatorLogin(
  db: ControlDb,
  pepper: string,
  c: Credentials,
  nowMs: number,
  accessEmail?: string,
) {
  const operator = await checkPassword(db, pepper, c, nowMs, accessEmail);
  if (!operator.totpSecret) throw new ProductError(1121);
  const code = c.code.replace(/\s/g, "");
  const statements = [];
  let method = "totp";
  const step = await totpStep(operator.totpSecret, code, nowMs);
  if (step !== null) await takeTotpStep(db, operator.id, step);
  else {
    // Not a current TOTP: a recovery code, spent in this very batch (guarded, so it is used once).
    const hash = await recoveryCodeHash(pepper, code);
    const [unused] = await db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(
        and(eq(recoveryCodes.userId, operator.id), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAtMs)),
      );
    if (!code || !unused) throw refused();
    statements.push(
      db
        .update(recoveryCodes)
        .set({ usedAtMs: nowMs })
        .where(and(eq(recoveryCodes.id, unused.id), isNull(recoveryCodes.usedAtMs))),
    );
    method = "recovery";
  }
  const session = await newSessionStatement(db, operator, "operator", nowMs);
  const audit = auditStatement(db, {
    actorId: operator.id,
    action: "operator.login",
    target: `user:${operator.id}`,
    after: { method },
    nowMs,
  });
  const results = await runInOneBatch(db, [...statements, session.statement, audit]);
  if (method === "recovery" && results[0].meta.changes !== 1) throw refused();
  await clearAttempts(db, lockKey(c.username));
  return { token: session.token };
}

/**
 * An operator's new password, chosen by them in the console: the current one first (a wrong one is the
 * sign-in's 1170, counted the same), then the new hash, every other session of theirs ended, and the
 * audit row, in one batch. The session that asked stays signed in.
 */
export async function changeOwnPassword(
  db: ControlDb,
  pepper: string,
  c: { operatorId: number; username: string; sessionId: number; password: string; newPassword: string },
  nowMs: number,
) {
  await checkPassword(db, pepper, { username: c.username, password: c.password, code: "" }, nowMs);
  await runInOneBatch(db, [
    db
      .update(users)
      .set({ passwordHash: await hashPassword(c.newPassword, pepper) })
      .where(and(eq(users.id, c.operatorId), eq(users.role, "operator"))),
    db
      .update(sessions)
      .set({ revokedAtMs: nowMs })
      .where(and(eq(sessions.userId, c.operatorId), ne(sessions.id, c.sessionId), isNull(sessions.revokedAtMs))),
    auditStatement(db, { actorId: c.operatorId, action: "operator.password", target: `user:${c.operatorId}`, nowMs }),
  ]);
  await clearAttempts(db, lockKey(c.username));
  return { id: c.operatorId };
}
