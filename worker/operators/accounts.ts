import type { ControlDb } from "../db/client";
import type { Operator } from "#shared/answers/console-operators";
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { users, auditLog, accountDirectory } from "../db/schema";
import { revokeAllSessionsStatement } from "../accounts/sessions";
import { findAccount, reserveAccountStatement } from "../accounts/directory";
import { OPERATOR_ROLES, operatorRoleOf, type OperatorRole } from "#shared/operators/roles";
import { enrolmentCodeStatements } from "./enrolment";
import { askOperatorChange, operatorRequestStatement } from "./operator-requests";
import { approversOrThrow, approversRefusal, approversRemain, type After } from "./approvers";

// Operator accounts as an admin handles them (docs/decisions/060-operator-sign-in.md). Nobody changes
// their own role or disables themselves (1123), and the last active admin stays one (1173): checked in the
// guarded statement itself, so two admins demoting each other at once cannot leave none. Nor may a change
// leave fewer than two active operators able to give an approval of each kind (1241, 1242; worker/operators/approvers.ts),
// checked in the same statement. Every change is audited in its batch.

export type OperatorAct = { actorId: number; operatorId: number; nowMs: number };

/** Operators with their role, state and last sign-in, newest first (a handful of rows). */
export async function listOperators(db: ControlDb) {
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
      (SELECT max(created_at_ms) FROM ${auditLog} a WHERE a.actor_id = u.id AND a.action = 'operator.login') AS lastSignInMs
    FROM ${users} u WHERE u.role = 'operator' ORDER BY u.id DESC`);
  return rows.map((r): Operator => ({
    ...r,
    role: operatorRoleOf(r.role),
    disabled: r.disabled === 1,
    enrolled: r.enrolled === 1,
  }));
}

/**
 * A new operator, asked for by one admin (docs/decisions/060-operator-sign-in.md): the account is made
 * disabled and without a usable password, with a single-use enrolment code to hand over (answered once,
 * stored hashed), and a request that a second admin approves once the operator has enrolled with their
 * own password and authenticator. The asking admin never holds a credential that signs in.
 */
export async function createOperator(
  db: ControlDb,
  c: { actorId: number; username: string; role: OperatorRole; email?: string; nowMs: number },
) {
  // a name is unique among players of every shard and operators: the directory decides (docs/decisions/161)
  if (await findAccount(db, c.username)) throw new ProductError(1013);
  if (c.email && (await operatorWithEmail(db, c.email))) throw new ProductError(1238);
  const newId = sql`(SELECT id FROM ${users} WHERE lower(username) = lower(${c.username}))`;
  const enrolment = await enrolmentCodeStatements(db, { userId: newId, createdBy: c.actorId, nowMs: c.nowMs });
  try {
    const [, created, , , filed] = await runInOneBatch(db, [
      reserveAccountStatement(db, { username: c.username, shardCount: null, nowMs: c.nowMs }),
      db
        .insert(users)
        .values({
          id: sql`(SELECT id FROM ${accountDirectory} WHERE lower(username) = lower(${c.username}))`,
          username: c.username,
          nickname: c.username,
          role: "operator",
          operatorRole: c.role,
          operatorEmail: c.email ?? null,
          // no password matches "!": the operator sets theirs at enrolment
          passwordHash: "!",
          frozen: 1,
          createdAtMs: c.nowMs,
        })
        .returning({ id: users.id }),
      ...enrolment.statements,
      operatorRequestStatement(db, {
        kind: "create",
        operatorId: newId,
        role: c.role,
        requestedBy: c.actorId,
        nowMs: c.nowMs,
      }),
      auditStatement(db, {
        actorId: c.actorId,
        action: "operator.create",
        target: sql`'user:' || ${newId}`,
        after: {
          username: c.username,
          role: c.role,
          ...(c.email ? { email: c.email } : {}),
          waitsForSecondAdmin: true,
        },
        nowMs: c.nowMs,
      }),
    ]);
    return {
      id: (created.results[0] as { id: number }).id,
      username: c.username,
      role: c.role,
      status: "pending" as const,
      requestId: (filed.results[0] as { id: number }).id,
      enrolment: { code: enrolment.code, expiresAtMs: enrolment.expiresAtMs },
    };
  } catch (error) {
    // Two admins creating one name (or email) at once: the unique index decides, read from the data.
    if (await findAccount(db, c.username)) throw new ProductError(1013);
    if (c.email && (await operatorWithEmail(db, c.email))) throw new ProductError(1238);
    throw error;
  }
}

async function operatorWithEmail(db: ControlDb, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.operatorEmail}) = ${email.toLowerCase()}`);
  return row;
}

async function operatorOf(db: ControlDb, a: OperatorAct) {
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
  sql`(coalesce(operator_role, '') <> 'admin' OR frozen = 1 OR (SELECT count(*) FROM ${users} WHERE role = 'operator' AND operator_role = 'admin' AND frozen = 0 AND id <> ${id}) > 0)`;

/**
 * One guarded change of an operator row: when `allowed` fails at the moment of the write, the role is set
 * to a value the users CHECK refuses, which aborts the batch with its audit row (the pattern of
 * worker/wallet/requests.ts decideStatement).
 */
function guardedUpdate(db: ControlDb, id: number, set: SQL, allowed: SQL) {
  return db.run(
    sql`UPDATE ${users} SET ${set}, role = CASE WHEN ${allowed} THEN role ELSE 'refused' END WHERE id = ${id} AND role = 'operator'`,
  );
}

async function lastAdminOrThrow(db: ControlDb, batch: () => Promise<unknown>, id: number, after: After) {
  try {
    await batch();
  } catch (error) {
    const others = await db.$count(
      users,
      and(eq(users.role, "operator"), eq(users.operatorRole, "admin"), eq(users.frozen, 0), ne(users.id, id)),
    );
    if (others === 0) throw new ProductError(1173);
    throw (await approversRefusal(db, id, after)) ?? error;
  }
}

/** Lowering a role is done at once; raising one is a request a second admin approves. */
export async function setOperatorRole(db: ControlDb, a: OperatorAct & { role: OperatorRole }) {
  const target = await operatorOf(db, a);
  if (target.role === a.role) return { status: "done" as const, id: a.operatorId, role: a.role };
  if (!target.role || OPERATOR_ROLES.indexOf(a.role) > OPERATOR_ROLES.indexOf(target.role as OperatorRole))
    return askOperatorChange(db, { ...a, kind: "role", role: a.role, before: { role: target.role } });
  const after: After = { role: a.role, active: true };
  const allowed = sql`${a.role === "admin" ? sql`1` : anotherAdminRemains(a.operatorId)} AND ${approversRemain(a.operatorId, after)}`;
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
    after,
  );
  return { status: "done" as const, id: a.operatorId, role: a.role };
}

/**
 * Disabling is done at once and ends every session of the operator in the same batch; enabling is a
 * request a second admin approves.
 */
export async function setOperatorDisabled(db: ControlDb, a: OperatorAct & { disabled: boolean }) {
  const target = await operatorOf(db, a);
  if (!a.disabled) return askOperatorChange(db, { ...a, kind: "enable", before: { disabled: target.frozen === 1 } });
  const after: After = { role: target.role as OperatorRole | null, active: false };
  const allowed = sql`${anotherAdminRemains(a.operatorId)} AND ${approversRemain(a.operatorId, after)}`;
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
    after,
  );
  return { status: "done" as const, id: a.operatorId, disabled: a.disabled };
}

/**
 * A lost phone: a request a second admin approves; the approval takes the authenticator, recovery codes
 * and sessions away and hands the approving admin a fresh enrolment code (worker/operators/operator-requests.ts).
 */
export async function resetAuthenticator(db: ControlDb, a: OperatorAct) {
  await operatorOf(db, a);
  // refused when asked too, not only when approved: a reset disables the operator until re-enrolled
  await approversOrThrow(db, a.operatorId, { role: null, active: false });
  return askOperatorChange(db, { ...a, kind: "reset" });
}
