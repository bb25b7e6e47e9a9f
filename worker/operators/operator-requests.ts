import type { ControlDb } from "../db/client";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { ProductError } from "#shared/product-error";
import { operatorRoleOf, type OperatorRole } from "#shared/operators/roles";
import type { OperatorRequest } from "#shared/answers/console-operators";
import type { AuditAction } from "#shared/audit";
import { auditStatement, auditStatementIf } from "../audit/log";
import { enrolmentCodeStatements } from "./enrolment";
import { approversOrThrow, approversRefusal, approversRemain } from "./approvers";
import { runInOneBatch } from "../db/batch";
import { enrolmentCodes, operatorRequests, users, recoveryCodes, sessions } from "../db/schema";

// Power over operators is four-eyed (docs/decisions/060-operator-sign-in.md): making an operator,
// enabling one, raising a role and resetting an authenticator are requests that a second admin approves;
// until then nothing changes. Nobody decides a request about themselves, and nobody approves their own.
// The approval batch is the guarded status change, the change itself and its audit row, each written
// only when this very approval is the request's decision, so a second approval changes nothing.

export const OPERATOR_REQUEST_KINDS = ["create", "enable", "role", "reset"] as const;
export type OperatorRequestKind = (typeof OPERATOR_REQUEST_KINDS)[number];

type Ask = { actorId: number; operatorId: number; nowMs: number };

/** The statement that files a request, for the batch of the asking action (create writes its user row first). */
export function operatorRequestStatement(
  db: ControlDb,
  r: { kind: OperatorRequestKind; operatorId: number | SQL; role?: OperatorRole; requestedBy: number; nowMs: number },
) {
  return db
    .insert(operatorRequests)
    .values({
      kind: r.kind,
      operatorId: r.operatorId,
      role: r.role ?? null,
      requestedBy: r.requestedBy,
      createdAtMs: r.nowMs,
    })
    .returning({ id: operatorRequests.id });
}

/** Files one request (enable, a raised role, a reset) with its audit row; one pending request per kind and operator. */
export async function askOperatorChange(
  db: ControlDb,
  a: Ask & { kind: Exclude<OperatorRequestKind, "create">; role?: OperatorRole; before?: unknown },
) {
  const pending = await pendingOf(db, a.operatorId, a.kind);
  if (pending) return { status: "pending" as const, requestId: pending.id, id: a.operatorId };
  try {
    const [filed] = await runInOneBatch(db, [
      operatorRequestStatement(db, {
        kind: a.kind,
        operatorId: a.operatorId,
        role: a.role,
        requestedBy: a.actorId,
        nowMs: a.nowMs,
      }),
      auditStatement(db, {
        actorId: a.actorId,
        action: `operator.${a.kind}.ask` as AuditAction,
        target: `user:${a.operatorId}`,
        before: a.before,
        after: { role: a.role, waitsForSecondAdmin: true },
        nowMs: a.nowMs,
      }),
    ]);
    return { status: "pending" as const, requestId: (filed.results[0] as { id: number }).id, id: a.operatorId };
  } catch (error) {
    // two admins asking the same at once: the partial unique index kept one, which is the answer
    const raced = await pendingOf(db, a.operatorId, a.kind);
    if (raced) return { status: "pending" as const, requestId: raced.id, id: a.operatorId };
    throw error;
  }
}

async function pendingOf(db: ControlDb, operatorId: number, kind: OperatorRequestKind) {
  const [row] = await db
    .select({ id: operatorRequests.id })
    .from(operatorRequests)
    .where(
      and(
        eq(operatorRequests.operatorId, operatorId),
        eq(operatorRequests.kind, kind),
        eq(operatorRequests.status, "pending"),
      ),
    );
  return row;
}

const targets = alias(users, "targets");
const askers = alias(users, "askers");

/** Pending requests, oldest first, with whom they are about and who asked (names, for the console). */
export async function listOperatorRequests(db: ControlDb): Promise<OperatorRequest[]> {
  const rows = await db
    .select({
      id: operatorRequests.id,
      kind: operatorRequests.kind,
      operatorId: operatorRequests.operatorId,
      operator: targets.username,
      currentRole: targets.operatorRole,
      role: operatorRequests.role,
      enrolled: sql<number>`${targets.totpSecret} IS NOT NULL`.mapWith(Boolean),
      requestedById: operatorRequests.requestedBy,
      requestedBy: askers.username,
      // who handed over the code the account last enrolled with (1239: they do not make it active)
      codeHandedById: sql<
        number | null
      >`(SELECT created_by FROM ${enrolmentCodes} WHERE user_id = ${operatorRequests.operatorId} AND used_at_ms IS NOT NULL ORDER BY used_at_ms DESC LIMIT 1)`,
      createdAtMs: operatorRequests.createdAtMs,
    })
    .from(operatorRequests)
    .innerJoin(targets, eq(targets.id, operatorRequests.operatorId))
    .innerJoin(askers, eq(askers.id, operatorRequests.requestedBy))
    .where(eq(operatorRequests.status, "pending"))
    .orderBy(operatorRequests.id)
    .limit(100);
  return rows.map((r) => ({
    ...r,
    // the column holds the four kinds its CHECK allows (operator_requests_kind_known)
    kind: r.kind as OperatorRequestKind,
    currentRole: operatorRoleOf(r.currentRole),
    role: operatorRoleOf(r.role),
  }));
}

export type OperatorDecision = { actorId: number; id: number; approve: boolean; nowMs: number };

/** True inside the batch once this very decision is the request's. */
const decidedNow = (d: OperatorDecision, status: string) =>
  sql`EXISTS (SELECT 1 FROM ${operatorRequests} WHERE id = ${d.id} AND status = ${status} AND decided_by = ${d.actorId} AND decided_at_ms = ${d.nowMs})`;

/**
 * A second admin's decision. The asker may only withdraw their request (a rejection by them is a
 * cancel); the operator it is about decides nothing of it (1123). A new operator is approved only once
 * they have enrolled (1233): the second admin approves a person who holds their own credentials.
 */
export async function decideOperatorRequest(db: ControlDb, d: OperatorDecision) {
  const [request] = await db.select().from(operatorRequests).where(eq(operatorRequests.id, d.id));
  if (!request) throw new ProductError(1088);
  if (request.operatorId === d.actorId || (d.approve && request.requestedBy === d.actorId))
    throw new ProductError(1123);
  if (request.status !== "pending") throw new ProductError(1128);
  const [target] = await db
    .select({ enrolled: sql<number>`totp_secret IS NOT NULL`, role: users.operatorRole })
    .from(users)
    .where(eq(users.id, request.operatorId));
  // enabling an account nobody enrolled would skip the same step
  if (d.approve && (request.kind === "create" || request.kind === "enable") && !target?.enrolled)
    throw new ProductError(1233);
  // whoever handed over the code the account enrolled with may have enrolled in its owner's place: another
  // admin makes it active (1239), so no admin alone ends with a working sign-in for someone else
  if (d.approve && (request.kind === "create" || request.kind === "enable")) {
    const [code] = await db
      .select({ createdBy: enrolmentCodes.createdBy })
      .from(enrolmentCodes)
      .where(and(eq(enrolmentCodes.userId, request.operatorId), sql`${enrolmentCodes.usedAtMs} IS NOT NULL`))
      .orderBy(sql`${enrolmentCodes.usedAtMs} DESC`)
      .limit(1);
    if (code?.createdBy === d.actorId) throw new ProductError(1239);
  }
  // a reset disables the operator until re-enrolled: refused when it would leave fewer than two approvers of
  // a kind (worker/operators/approvers.ts), now and again inside the batch, where two approvals meet
  const emptiesKind = d.approve && request.kind === "reset";
  if (emptiesKind) await approversOrThrow(db, request.operatorId, { role: null, active: false });
  const status = !d.approve ? (request.requestedBy === d.actorId ? "cancelled" : "rejected") : "approved";
  const now = decidedNow(d, status);
  const effect = d.approve ? await approvedEffect(db, request, d, now) : { statements: [], answer: {} };
  const write = runInOneBatch(db, [
    db
      .update(operatorRequests)
      .set({ status, decidedBy: d.actorId, decidedAtMs: d.nowMs })
      .where(and(eq(operatorRequests.id, d.id), eq(operatorRequests.status, "pending"))),
    ...effect.statements,
    auditStatementIf(
      db,
      {
        actorId: d.actorId,
        action: `operator.${request.kind}.${status === "approved" ? "approve" : "reject"}` as AuditAction,
        target: `user:${request.operatorId}`,
        before: { request: d.id, kind: request.kind, role: target?.role ?? null, askedBy: request.requestedBy },
        after: { status, role: request.role },
        nowMs: d.nowMs,
      },
      now,
    ),
  ]);
  const [changed] = await write.catch(async (error: unknown) => {
    throw (emptiesKind && (await approversRefusal(db, request.operatorId, { role: null, active: false }))) || error;
  });
  if (changed.meta.changes !== 1) throw new ProductError(1128);
  return { id: d.id, status, ...effect.answer };
}

type Request = typeof operatorRequests.$inferSelect;

async function approvedEffect(db: ControlDb, r: Request, d: OperatorDecision, now: SQL) {
  const id = r.operatorId;
  switch (r.kind) {
    case "create":
      // enrolled since the check above: the account becomes active only with its authenticator bound
      return {
        statements: [
          db.run(
            sql`UPDATE ${users} SET frozen = 0 WHERE id = ${id} AND role = 'operator' AND totp_secret IS NOT NULL AND ${now}`,
          ),
        ],
        answer: {},
      };
    case "enable":
      return {
        statements: [
          db.run(
            sql`UPDATE ${users} SET frozen = 0 WHERE id = ${id} AND role = 'operator' AND totp_secret IS NOT NULL AND ${now}`,
          ),
        ],
        answer: {},
      };
    case "role":
      return {
        statements: [
          db.run(sql`UPDATE ${users} SET operator_role = ${r.role} WHERE id = ${id} AND role = 'operator' AND ${now}`),
        ],
        answer: { role: r.role },
      };
    case "reset": {
      // the authenticator, recovery codes and sessions go and the account is disabled; the approving admin
      // hands over a fresh code, and the operator is enabled again once re-enrolled
      const enrolment = await enrolmentCodeStatements(db, {
        userId: id,
        createdBy: d.actorId,
        nowMs: d.nowMs,
        onlyIf: now,
      });
      return {
        statements: [
          db.run(
            // disabled until re-enrolled and enabled by an admin other than the one handed the code (1239)
            // refused inside the batch (a role the CHECK refuses aborts it) when it would leave fewer than two approvers
            sql`UPDATE ${users} SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = 0, frozen = 1,
              role = CASE WHEN ${approversRemain(id, { role: null, active: false })} THEN role ELSE 'refused' END
              WHERE id = ${id} AND role = 'operator' AND ${now}`,
          ),
          db.run(sql`DELETE FROM ${recoveryCodes} WHERE user_id = ${id} AND ${now}`),
          db.run(
            sql`UPDATE ${sessions} SET revoked_at_ms = ${d.nowMs} WHERE user_id = ${id} AND revoked_at_ms IS NULL AND ${now}`,
          ),
          ...enrolment.statements,
        ],
        answer: { enrolment: { code: enrolment.code, expiresAtMs: enrolment.expiresAtMs } },
      };
    }
    default:
      throw new ProductError(1001);
  }
}
