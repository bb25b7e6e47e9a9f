import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { hmacSha256, randomHex } from "../auth/crypto";
import { toHex } from "#shared/hex";
import { UNKNOWN_USER_HASH, verifyPassword } from "../auth/password";
import { base32Encode, newTotpSecret, otpauthUrl, totpStep } from "../auth/totp";
import { auditStatement } from "./audit";
import { runInOneBatch } from "../db/batch";
import type { Db } from "../db/client";
import { recoveryCodes, users } from "../db/schema";
import { newSessionStatement } from "../players/sessions";
import { findUserByUsername, getUserById } from "../players/users";
import { clearAttempts, limits, reserveAttempt } from "../players/lockout";

// Operator sign-in (docs/decisions/060-operator-sign-in.md): password, then a TOTP code or one recovery
// code; enrolment first.
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Roundtable";
// Failures count under their own key, one per account whatever the spelling, so a guessed operator name
// never locks the player of that name. Each attempt is reserved before the password hash
// (docs/decisions/050-secret-check-lockout.md) and stays counted until the whole sign-in succeeds. Every
// refusal (unknown name, player account, disabled operator, wrong password, wrong or replayed code) is the
// same 1170, so the password cannot be confirmed without the second factor.
const lockKey = (username: string) => limits.operator(username);
const refused = () => new ProductError(1170);

export type Credentials = { username: string; password: string; code: string };

async function recoveryCodeHash(pepper: string, code: string) {
  return toHex(await hmacSha256(pepper, `recovery:${code.toUpperCase().replace(/[\s-]/g, "")}`));
}

/** A seeded local operator's secret, derived from the pepper so seeding twice gives the same one. */
export async function seedOperatorTotpSecret(pepper: string, username: string) {
  // "admin" keeps the derivation it had before there were two demo operators (local databases hold it)
  const label = username === "admin" ? "seed-operator-totp" : `seed-operator-totp:${username}`;
  return base32Encode((await hmacSha256(pepper, label)).slice(0, 20));
}

async function checkPassword(db: Db, pepper: string, c: Credentials, nowMs: number) {
  if (!(await reserveAttempt(db, lockKey(c.username), nowMs))) throw new ProductError(1016);
  const found = await findUserByUsername(db, c.username);
  const right = await verifyPassword(c.password, found?.passwordHash ?? UNKNOWN_USER_HASH, pepper);
  if (!found || !right || found.role !== "operator" || found.frozen) throw refused();
  return getUserById(db, found.id);
}

/**
 * Takes a TOTP step for this operator, once: a step at or before the last one accepted is a replay. One
 * guarded statement, so two sign-ins racing with one code cannot both take it.
 */
async function takeTotpStep(db: Db, operatorId: number, step: number) {
  const taken = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, operatorId), lt(users.totpLastStep, step)));
  if (taken.meta.changes !== 1) throw refused();
}

/** POST /api/admin/login: a session only after password and second factor; answers its token. */
export async function operatorLogin(db: Db, pepper: string, c: Credentials, nowMs: number) {
  const operator = await checkPassword(db, pepper, c, nowMs);
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

/** Enrolment step 1: the password is right and no authenticator is set up: a secret to scan. */
export async function startEnrolment(db: Db, pepper: string, c: Omit<Credentials, "code">, nowMs: number) {
  const operator = await checkPassword(db, pepper, { ...c, code: "" }, nowMs);
  if (operator.totpSecret) throw new ProductError(1122);
  const secret = operator.totpPendingSecret ?? newTotpSecret();
  if (!operator.totpPendingSecret)
    await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, operator.id));
  return { secret, otpauth: otpauthUrl(ISSUER, operator.username, secret) };
}

function newRecoveryCode() {
  const raw = randomHex(5).toUpperCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Enrolment step 2: a code from the scanned secret proves it; ten recovery codes and a session. */
export async function confirmEnrolment(db: Db, pepper: string, c: Credentials, nowMs: number) {
  const operator = await checkPassword(db, pepper, c, nowMs);
  if (operator.totpSecret) throw new ProductError(1122);
  const step = operator.totpPendingSecret ? await totpStep(operator.totpPendingSecret, c.code.trim(), nowMs) : null;
  if (!operator.totpPendingSecret || step === null) throw refused();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(pepper, code)));
  const session = await newSessionStatement(db, operator, "operator", nowMs);
  const [enrolled] = await runInOneBatch(db, [
    db
      .update(users)
      .set({ totpSecret: operator.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
      .where(
        and(
          eq(users.id, operator.id),
          isNull(users.totpSecret),
          eq(users.totpPendingSecret, operator.totpPendingSecret),
        ),
      ),
    db
      .delete(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.userId, operator.id),
          sql`(SELECT totp_secret FROM users WHERE id = ${operator.id}) = ${operator.totpPendingSecret}`,
        ),
      ),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: operator.id, codeHash }))),
    session.statement,
    auditStatement(db, { actorId: operator.id, action: "operator.enrol", target: `user:${operator.id}`, nowMs }),
    // enrolment signs the operator in: recorded as a sign-in like any other, so the operators list shows
    // it as their last sign-in and the audit log holds every session's start
    auditStatement(db, {
      actorId: operator.id,
      action: "operator.login",
      target: `user:${operator.id}`,
      after: { method: "enrolment" },
      nowMs,
    }),
  ]);
  if (enrolled.meta.changes !== 1) throw new ProductError(1122);
  await clearAttempts(db, lockKey(c.username));
  return { token: session.token, recoveryCodes: codes };
}
