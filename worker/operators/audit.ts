import type { Db } from "../db/client";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import type { AuditAction } from "#shared/audit";
import { auditLog, users } from "../db/schema";

/** Every operator action, with who, what, before and after (docs/product.md#operators); put it in the action's batch. */
export function auditStatement(
  db: Db,
  entry: {
    actorId: number;
    action: AuditAction;
    target: string | SQL;
    before?: unknown;
    after?: unknown;
    nowMs: number;
  },
) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    createdAtMs: entry.nowMs,
  });
}

/** The same row, written only when `onlyIf` holds inside the batch (a guarded decision that lost its race writes none). */
export function auditStatementIf(db: Db, entry: Parameters<typeof auditStatement>[1], onlyIf: SQL) {
  const before = entry.before === undefined ? null : JSON.stringify(entry.before);
  const after = entry.after === undefined ? null : JSON.stringify(entry.after);
  return db.run(sql`INSERT INTO audit_log (actor_id, action, target, before, after, created_at_ms)
    SELECT ${entry.actorId}, ${entry.action}, ${entry.target}, ${before}, ${after}, ${entry.nowMs} WHERE ${onlyIf}`);
}

export const AUDIT_PAGE_SIZE = 30;
export type AuditQuery = {
  operator?: string;
  action?: string;
  target?: string;
  userId?: number;
  fromMs?: number;
  toMs?: number;
  at: PageAt;
};
export const auditKey = (row: { id: number }) => [row.id];

/** The account a row is about: its target (user:12), or the player of the request it decided (before.userId). */
const subject = alias(users, "subject");
const subjectId = sql`CASE WHEN ${auditLog.target} LIKE 'user:%' THEN CAST(substr(${auditLog.target}, 6) AS INTEGER) ELSE json_extract(${auditLog.before}, '$.userId') END`;

/**
 * The audit log, newest first, filtered by operator name, action (prefix) and target (e.g. user:12); each
 * row names the account it is about, so the console writes "for demo01", not an id.
 */
export function listAudit(db: Db, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.operator) where.push(sql`lower(${users.username}) = ${q.operator.toLowerCase()}`);
  if (q.action)
    where.push(sql`${auditLog.action} LIKE ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  if (q.target) where.push(eq(auditLog.target, q.target));
  if (q.userId !== undefined)
    where.push(
      sql`(${auditLog.target} = ${`user:${q.userId}`} OR json_extract(${auditLog.before}, '$.userId') = ${q.userId})`,
    );
  if (q.fromMs !== undefined) where.push(sql`${auditLog.createdAtMs} >= ${q.fromMs}`);
  if (q.toMs !== undefined) where.push(sql`${auditLog.createdAtMs} < ${q.toMs}`);
  const keyset = keysetWhere([auditLog.id], q.at, "desc");
  if (keyset) where.push(keyset);
  return db
    .select({
      id: auditLog.id,
      operator: users.username,
      actorId: auditLog.actorId,
      subjectId: subject.id,
      subject: subject.username,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      time: auditLog.createdAtMs,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, subjectId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...keysetOrder([auditLog.id], q.at, "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
}
