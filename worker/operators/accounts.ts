import { and, eq, sql, type SQL } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { hashPassword } from "../auth/password";
import { auditStatement } from "./audit";
import { runInOneBatch } from "../db/batch";
import type { Db } from "../db/client";
import { recoveryCodes, users } from "../db/schema";
import { revokeAllSessionsStatement } from "../players/sessions";
import { findUserByUsername } from "../players/users";
import type { OperatorRole } from "#shared/operators/roles";

// Operator accounts as an admin handles them (docs/decisions/060-operator-sign-in.md). Nobody changes
// their own role or disables themselves (1123), and the last active admin stays one (1173): checked in the
// guarded statement itself, so two admins demoting each other at once cannot leave none. Every change is
// audited in its batch.

export type OperatorAct = { actorId: number; operatorId: number; nowMs: number };

/** Operators with their role, state and last sign-in, newest first (a handful of rows). */
export async function listOperators(db: Db) {
  const rows = await db.all<{
    id: number;
    username: string;
    role: string | null;
    disabled: number;
    enrolled: number;
    createdAtMs: number;
    lastSignInMs: number | null;
  }>(sql`
    SELECT u.id, u.username, u.operator_role AS role, u.frozen AS disabled, u.totp_secret IS NOT NULL AS enrolled, u.created_at_ms AS createdAtMs,
      (SELECT max(created_at_ms) FROM audit_log a WHERE a.actor_id = u.id AND a.action = 'operator.login') AS lastSignInMs
    FROM users u WHERE u.role = 'operator' ORDER BY u.id DESC`);
  return rows.map((r) => ({ ...r, disabled: r.disabled === 1, enrolled: r.enrolled === 1 }));
}

/** A first password to pass on once: 12 characters, letters and digits (both), stored only hashed. */
function firstPassword() {
  const letters = "abcdefghjkmnpqrstuvwxyz";
  const digits = "23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b, i) => (i % 4 === 3 ? digits[b % digits.length] : letters[b % letters.length])).join("");
}

/** A new operator: the first password is answered once; the authenticator is set up at the first sign-in. */
export async function createOperator(
  db: Db,
  pepper: string,
  c: { actorId: number; username: string; role: OperatorRole; nowMs: number },
) {
  if (await findUserByUsername(db, c.username)) throw new ProductError(1013);
  const password = firstPassword();
  try {
    const [created] = await runInOneBatch(db, [
      db
        .insert(users)
        .values({
          username: c.username,
          nickname: c.username,
          role: "operator",
          operatorRole: c.role,
          passwordHash: await hashPassword(password, pepper),
          createdAtMs: c.nowMs,
        })
        .returning({ id: users.id }),
      auditStatement(db, {
        actorId: c.actorId,
        action: "operator.create",
        target: sql`'user:' || (SELECT id FROM users WHERE lower(username) = lower(${c.username}))`,
        after: { username: c.username, role: c.role },
        nowMs: c.nowMs,
      }),
    ]);
    return { id: (created.results[0] as { id: number }).id, username: c.username, role: c.role, password };
  } catch (error) {
    // Two admins creating one name at once: the unique index decides, read from the data.
    if (await findUserByUsername(db, c.username)) throw new ProductError(1013);
    throw error;
  }
}

async function operatorOf(db: Db, a: OperatorAct) {
  if (a.actorId === a.operatorId) throw new ProductError(1123);
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.operatorRole, frozen: users.frozen })
    .from(users)
    .where(and(eq(users.id, a.operatorId), eq(users.role, "operator")));
  if (!row) throw new ProductError(1002);
  return row;
}

/**
 * True while `id` may stop being an active admin: it is not one, or another active admin remains. Read
 * inside the guarded statement, so it holds at the moment of the write.
 */
const anotherAdminRemains = (id: number) =>
  sql`(coalesce(operator_role, '') <> 'admin' OR frozen = 1 OR (SELECT count(*) FROM users WHERE role = 'operator' AND operator_role = 'admin' AND frozen = 0 AND id <> ${id}) > 0)`;

/**
 * One guarded change of an operator row: when `allowed` fails at the moment of the write, the role is set
 * to a value the users CHECK refuses, which aborts the batch with its audit row (the pattern of
 * worker/wallet/requests.ts decideStatement).
 */
function guardedUpdate(db: Db, id: number, set: SQL, allowed: SQL) {
  return db.run(
    sql`UPDATE users SET ${set}, role = CASE WHEN ${allowed} THEN role ELSE 'refused' END WHERE id = ${id} AND role = 'operator'`,
  );
}

async function lastAdminOrThrow(db: Db, batch: () => Promise<unknown>, id: number) {
  try {
    await batch();
  } catch (error) {
    const [{ others }] = await db.all<{ others: number }>(
      sql`SELECT count(*) AS others FROM users WHERE role = 'operator' AND operator_role = 'admin' AND frozen = 0 AND id <> ${id}`,
    );
    if (others === 0) throw new ProductError(1173);
    throw error;
  }
}

export async function setOperatorRole(db: Db, a: OperatorAct & { role: OperatorRole }) {
  const target = await operatorOf(db, a);
  if (target.role === a.role) return { id: a.operatorId, role: a.role };
  const allowed = a.role === "admin" ? sql`1` : anotherAdminRemains(a.operatorId);
  await lastAdminOrThrow(
    db,
    () =>
      runInOneBatch(db, [
        guardedUpdate(db, a.operatorId, sql`operator_role = ${a.role}`, allowed),
        auditStatement(db, {
          actorId: a.actorId,
          action: "operator.role",
          target: `user:${a.operatorId}`,
          before: { role: target.role },
          after: { role: a.role },
          nowMs: a.nowMs,
        }),
      ]),
    a.operatorId,
  );
  return { id: a.operatorId, role: a.role };
}

/** Disabling ends every session of the operator in the same batch; enabling lets them sign in again. */
export async function setOperatorDisabled(db: Db, a: OperatorAct & { disabled: boolean }) {
  const target = await operatorOf(db, a);
  const allowed = a.disabled ? anotherAdminRemains(a.operatorId) : sql`1`;
  await lastAdminOrThrow(
    db,
    () =>
      runInOneBatch(db, [
        guardedUpdate(db, a.operatorId, sql`frozen = ${a.disabled ? 1 : 0}`, allowed),
        ...(a.disabled ? [revokeAllSessionsStatement(db, a.operatorId, a.nowMs)] : []),
        auditStatement(db, {
          actorId: a.actorId,
          action: a.disabled ? "operator.disable" : "operator.enable",
          target: `user:${a.operatorId}`,
          before: { disabled: target.frozen === 1 },
          after: { disabled: a.disabled },
          nowMs: a.nowMs,
        }),
      ]),
    a.operatorId,
  );
  return { id: a.operatorId, disabled: a.disabled };
}

/** A lost phone: the authenticator and recovery codes are gone, sessions end, enrolment comes again at sign-in. */
export async function resetAuthenticator(db: Db, a: OperatorAct) {
  await operatorOf(db, a);
  await runInOneBatch(db, [
    db
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: 0 })
      .where(and(eq(users.id, a.operatorId), eq(users.role, "operator"))),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, a.operatorId)),
    revokeAllSessionsStatement(db, a.operatorId, a.nowMs),
    auditStatement(db, {
      actorId: a.actorId,
      action: "operator.authenticator.reset",
      target: `user:${a.operatorId}`,
      nowMs: a.nowMs,
    }),
  ]);
  return { id: a.operatorId };
}
