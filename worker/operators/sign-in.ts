import { and, eq, isNull, sql } from "drizzle-orm";
import { ApiError, accountFrozen } from "../api/envelope";
import { hmacSha256, randomHex } from "../auth/crypto";
import { toHex } from "../hex";
import { verifyPassword } from "../auth/password";
import { base32Encode, newTotpSecret, otpauthUrl, verifyTotp } from "../auth/totp";
import { auditStatement } from "../db/audit";
import { runInOneBatch } from "../db/batch";
import type { Db } from "../db/client";
import { recoveryCodes, users } from "../db/schema";
import { newSessionStatement } from "../db/sessions";
import { findUserByUsername, getUserById } from "../db/users";
import { clearAttempts, limits, reserveAttempt } from "../players/lockout";

// Operator sign-in (docs/product.md#operators): password, then a TOTP code or one recovery code; enrolment first.
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Roundtable";
// Failures count under their own key, so a guessed operator name never locks the player of that name.
// Each attempt is reserved before the password hash (docs/decisions/050-secret-check-lockout.md) and
// stays counted until the whole sign-in succeeds; a wrong second factor counts once more.
const lockKey = (username: string) => limits.operator(username);

export type Credentials = { username: string; password: string; code: string };

async function recoveryCodeHash(pepper: string, code: string) {
  return toHex(await hmacSha256(pepper, `recovery:${code.toUpperCase().replace(/[\s-]/g, "")}`));
}

/** The seeded local operator's secret, derived from the pepper so seeding twice gives the same one. */
export async function seedOperatorTotpSecret(pepper: string) {
  return base32Encode((await hmacSha256(pepper, "seed-operator-totp")).slice(0, 20));
}

async function checkPassword(db: Db, pepper: string, c: Credentials, nowMs: number) {
  if (!(await reserveAttempt(db, lockKey(c.username), nowMs))) throw new ApiError(1016);
  const found = await findUserByUsername(db, c.username);
  if (!found || found.role !== "operator" || !(await verifyPassword(c.password, found.passwordHash, pepper))) {
    throw new ApiError(1003);
  }
  if (found.frozen) throw accountFrozen();
  return getUserById(db, found.id);
}

async function failCode(db: Db, username: string, nowMs: number): Promise<never> {
  await reserveAttempt(db, lockKey(username), nowMs);
  throw new ApiError(1120);
}

/** POST /api/admin/login: a session only after password and second factor; answers its token. */
export async function operatorLogin(db: Db, pepper: string, c: Credentials, nowMs: number) {
  const operator = await checkPassword(db, pepper, c, nowMs);
  if (!operator.totpSecret) throw new ApiError(1121);
  const code = c.code.replace(/\s/g, "");
  const statements = [];
  let method = "totp";
  if (!(await verifyTotp(operator.totpSecret, code, nowMs))) {
    // Not a current TOTP: a recovery code, spent in this very batch (guarded, so it is used once).
    const hash = await recoveryCodeHash(pepper, code);
    const [unused] = await db
      .select({ id: recoveryCodes.id })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, operator.id), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAtMs)));
    if (!code || !unused) return failCode(db, c.username, nowMs);
    statements.push(db.update(recoveryCodes).set({ usedAtMs: nowMs }).where(and(eq(recoveryCodes.id, unused.id), isNull(recoveryCodes.usedAtMs))));
    method = "recovery";
  }
  const session = await newSessionStatement(db, operator, "operator", nowMs);
  const audit = auditStatement(db, { actorId: operator.id, action: "operator.login", target: `user:${operator.id}`, after: { method }, nowMs });
  const results = await runInOneBatch(db, [...statements, session.statement, audit]);
  if (method === "recovery" && results[0].meta.changes !== 1) return failCode(db, c.username, nowMs);
  await clearAttempts(db, lockKey(c.username));
  return { token: session.token };
}

/** Enrolment step 1: the password is right and no authenticator is set up: a secret to scan. */
export async function startEnrolment(db: Db, pepper: string, c: Omit<Credentials, "code">, nowMs: number) {
  const operator = await checkPassword(db, pepper, { ...c, code: "" }, nowMs);
  if (operator.totpSecret) throw new ApiError(1122);
  const secret = operator.totpPendingSecret ?? newTotpSecret();
  if (!operator.totpPendingSecret) await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, operator.id));
  return { secret, otpauth: otpauthUrl(ISSUER, operator.username, secret) };
}

function newRecoveryCode() {
  const raw = randomHex(5).toUpperCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Enrolment step 2: a code from the scanned secret proves it; ten recovery codes and a session. */
export async function confirmEnrolment(db: Db, pepper: string, c: Credentials, nowMs: number) {
  const operator = await checkPassword(db, pepper, c, nowMs);
  if (operator.totpSecret) throw new ApiError(1122);
  if (!operator.totpPendingSecret || !(await verifyTotp(operator.totpPendingSecret, c.code.trim(), nowMs))) {
    return failCode(db, c.username, nowMs);
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(pepper, code)));
  const session = await newSessionStatement(db, operator, "operator", nowMs);
  const [enrolled] = await runInOneBatch(db, [
    db
      .update(users)
      .set({ totpSecret: operator.totpPendingSecret, totpPendingSecret: null })
      .where(and(eq(users.id, operator.id), isNull(users.totpSecret), eq(users.totpPendingSecret, operator.totpPendingSecret))),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, operator.id), sql`(SELECT totp_secret FROM users WHERE id = ${operator.id}) = ${operator.totpPendingSecret}`)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: operator.id, codeHash }))),
    session.statement,
    auditStatement(db, { actorId: operator.id, action: "operator.enrol", target: `user:${operator.id}`, nowMs }),
  ]);
  if (enrolled.meta.changes !== 1) throw new ApiError(1122);
  await clearAttempts(db, lockKey(c.username));
  return { token: session.token, recoveryCodes: codes };
}
