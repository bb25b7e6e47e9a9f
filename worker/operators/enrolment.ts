import type { ControlDb } from "../db/client";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { ENROLMENT_TTL_MS, enrolmentCodeHash, newEnrolmentCode } from "#shared/operators/enrolment-code";
import { randomHex } from "../auth/crypto";
import { hashPassword } from "../auth/password";
import { newTotpSecret, totpStep } from "../auth/totp";
import { otpauthUrl } from "#shared/operators/otpauth";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { enrolmentCodes, recoveryCodes, users } from "../db/schema";
import { newSessionStatement, revokeAllSessionsStatement } from "../accounts/sessions";
import { findUserByUsername, getUserById } from "../accounts/users";
import { clearAttempts, limits, reserveAttempt } from "../accounts/lockout";
import { matchesAccessEmail, recoveryCodeHash } from "./sign-in";

// Operators own their credentials (docs/decisions/060-operator-sign-in.md): an admin hands over a
// single-use, expiring enrolment code, never a password; the operator sets their own password and binds
// their own authenticator with it. Every refusal is counted on the operator's one failure counter. A name and a
// code that do not belong together are one answer (1250), so enrolment confirms no name; once they do, whoever asks
// holds the code, and the answer names what is wrong (docs/decisions/175).

const RECOVERY_CODE_COUNT = 10;
const lockKey = (username: string) => limits.operator(username);

/** Enrolment's refusals (locales' errors.json). */
const REFUSED = {
  /** unknown name, not an operator, or a code never issued to them */
  wrongCode: 1250,
  /** the code's 24 hours passed, or a newer code replaced it */
  expired: 1251,
  /** the code was spent: the operator enrolled with it */
  used: 1252,
  /** the authenticator code is not one of the secret shown last */
  wrongTotp: 1253,
  /** no secret waits for a code any more (enrolment started again, or never started) */
  restarted: 1254,
  /** Cloudflare Access names another person than the operator the code was issued to */
  otherIdentity: 1255,
} as const;
const refused = (why: keyof typeof REFUSED) => new ProductError(REFUSED[why]);

function newRecoveryCode() {
  const raw = randomHex(5).toUpperCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/**
 * A fresh enrolment code for an operator, for the batch that makes it necessary (a new account, an
 * approved reset): the codes issued before it stop working in the same batch. Answers the code to show
 * once; only its hash is stored.
 */
export async function enrolmentCodeStatements(
  db: ControlDb,
  e: { userId: number | SQL; createdBy: number | null; nowMs: number; onlyIf?: SQL },
) {
  const code = newEnrolmentCode();
  const hash = await enrolmentCodeHash(code);
  const guard = e.onlyIf ?? sql`1`;
  const statements = [
    db.run(sql`UPDATE ${enrolmentCodes} SET expires_at_ms = min(expires_at_ms, ${e.nowMs})
      WHERE user_id = ${e.userId} AND used_at_ms IS NULL AND ${guard}`),
    db.run(sql`INSERT INTO ${enrolmentCodes} (user_id, code_hash, created_by, created_at_ms, expires_at_ms)
      SELECT ${e.userId}, ${hash}, ${e.createdBy}, ${e.nowMs}, ${e.nowMs + ENROLMENT_TTL_MS} WHERE ${guard}`),
  ];
  return { code, expiresAtMs: e.nowMs + ENROLMENT_TTL_MS, statements };
}

/** The operator and their live enrolment code, or the refusal that says why not; each attempt is counted first. */
async function enrollingOperator(
  db: ControlDb,
  username: string,
  enrolCode: string,
  nowMs: number,
  accessEmail?: string,
) {
  if (!(await reserveAttempt(db, lockKey(username), nowMs))) throw new ProductError(1016);
  const found = await findUserByUsername(db, username);
  if (!found || found.role !== "operator" || !enrolCode) throw refused("wrongCode");
  const [code] = await db
    .select({ id: enrolmentCodes.id, expiresAtMs: enrolmentCodes.expiresAtMs, usedAtMs: enrolmentCodes.usedAtMs })
    .from(enrolmentCodes)
    .where(and(eq(enrolmentCodes.userId, found.id), eq(enrolmentCodes.codeHash, await enrolmentCodeHash(enrolCode))))
    .orderBy(desc(enrolmentCodes.id))
    .limit(1);
  if (!code) throw refused("wrongCode");
  if (code.usedAtMs !== null) throw refused("used");
  if (code.expiresAtMs <= nowMs) throw refused("expired");
  const operator = await getUserById(db, found.id);
  if (!matchesAccessEmail(operator.operatorEmail, accessEmail)) throw refused("otherIdentity");
  return { operator, codeId: code.id };
}

/**
 * Enrolment step 1: a live code shows a new secret to scan. A second start replaces the secret of the
 * first (audited), so whoever started with the code before the operator cannot finish with it.
 */
export async function startEnrolment(
  db: ControlDb,
  s: { username: string; enrolCode: string },
  nowMs: number,
  accessEmail?: string,
) {
  const { operator } = await enrollingOperator(db, s.username, s.enrolCode, nowMs, accessEmail);
  const secret = newTotpSecret();
  await runInOneBatch(db, [
    db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, operator.id)),
    auditStatement(db, {
      actorId: operator.id,
      action: "operator.enrol.start",
      target: `user:${operator.id}`,
      after: { restarted: operator.totpPendingSecret !== null },
      nowMs,
    }),
  ]);
  return { secret, otpauth: otpauthUrl(operator.username, secret) };
}

export type EnrolmentConfirm = { username: string; enrolCode: string; password: string; code: string };

/**
 * Enrolment step 2: a code from the scanned secret and the operator's own password. The code is spent,
 * the password and authenticator set, old recovery codes and sessions gone, in one batch whose first
 * statement aborts it when the code was spent or the secret replaced meanwhile. An account still waiting
 * for a second admin gets no session: it signs in once approved.
 */
export async function confirmEnrolment(
  db: ControlDb,
  pepper: string,
  c: EnrolmentConfirm,
  nowMs: number,
  accessEmail?: string,
) {
  const { operator, codeId } = await enrollingOperator(db, c.username, c.enrolCode, nowMs, accessEmail);
  const pending = operator.totpPendingSecret;
  const step = pending ? await totpStep(pending, c.code.replace(/\s/g, ""), nowMs) : null;
  if (!pending) throw refused("restarted");
  if (step === null) throw refused("wrongTotp");
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(pepper, code)));
  const generation = operator.passwordGeneration + 1;
  const active = operator.frozen === 0;
  const session = active
    ? await newSessionStatement(db, { id: operator.id, passwordGeneration: generation }, "operator", nowMs)
    : null;
  try {
    await runInOneBatch(db, [
      // 0 breaks enrolment_codes_used_positive: a spent code or a replaced secret aborts everything
      db.run(sql`UPDATE ${enrolmentCodes} SET used_at_ms = CASE WHEN used_at_ms IS NULL AND expires_at_ms > ${nowMs}
          AND (SELECT totp_pending_secret FROM ${users} WHERE id = ${operator.id}) = ${pending} THEN ${nowMs} ELSE 0 END
        WHERE id = ${codeId}`),
      db
        .update(users)
        .set({
          passwordHash: await hashPassword(c.password, pepper),
          passwordGeneration: generation,
          totpSecret: pending,
          totpPendingSecret: null,
          totpLastStep: step,
        })
        .where(eq(users.id, operator.id)),
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, operator.id)),
      db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: operator.id, codeHash }))),
      revokeAllSessionsStatement(db, operator.id, nowMs),
      ...(session ? [session.statement] : []),
      auditStatement(db, { actorId: operator.id, action: "operator.enrol", target: `user:${operator.id}`, nowMs }),
      // enrolment that signs the operator in is recorded as a sign-in like any other, so the operators list
      // shows it as their last sign-in and the audit log holds every session's start
      ...(session
        ? [
            auditStatement(db, {
              actorId: operator.id,
              action: "operator.login",
              target: `user:${operator.id}`,
              after: { method: "enrolment" },
              nowMs,
            }),
          ]
        : []),
    ]);
  } catch (error) {
    const [spent] = await db
      .select({ usedAtMs: enrolmentCodes.usedAtMs })
      .from(enrolmentCodes)
      .where(eq(enrolmentCodes.id, codeId));
    if (spent?.usedAtMs !== null) throw refused("used");
    const [now] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, operator.id));
    if (now?.pending !== pending) throw refused("restarted");
    throw error;
  }
  await clearAttempts(db, lockKey(c.username));
  return { recoveryCodes: codes, active, ...(session ? { token: session.token } : {}) };
}
