import type { Db } from "./client";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "./keyset";
import { auditLog, users } from "./schema";

/** Every operator action, with who, what, before and after (docs/product.md#operators); put it in the action's batch. */
export function auditStatement(
  db: Db,
  entry: { actorId: number; action: string; target: string | SQL; before?: unknown; after?: unknown; nowMs: number },
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

export const AUDIT_PAGE_SIZE = 30;
export type AuditQuery = { operator?: string; action?: string; target?: string; at: PageAt };
export const auditKey = (row: { id: number }) => [row.id];

/** The audit log, newest first, filtered by operator name, action (prefix) and target (e.g. user:12). */
export function listAudit(db: Db, q: AuditQuery) {
  const where: SQL[] = [];
  if (q.operator) where.push(sql`lower(${users.username}) = ${q.operator.toLowerCase()}`);
  if (q.action) where.push(sql`${auditLog.action} LIKE ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  if (q.target) where.push(eq(auditLog.target, q.target));
  const keyset = keysetWhere([auditLog.id], q.at, "desc");
  if (keyset) where.push(keyset);
  return db
    .select({
      id: auditLog.id,
      operator: users.username,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      time: auditLog.createdAtMs,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...keysetOrder([auditLog.id], q.at, "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
}
