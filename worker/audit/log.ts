import type { AnyDb, ControlDb } from "../db/client";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { type PageAt, keysetLimit, keysetOrder, mergedPage, sourceKeysetWhere } from "../db/keyset";
import { accountNames } from "../db/every-shard";
import type { AuditAction } from "#shared/audit";
import { accountDirectory, auditLog } from "../db/schema";

/** Every operator action, with who, what, before and after (docs/product.md#operators); put it in the action's batch. */
export function auditStatement(
  db: AnyDb,
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

/**
 * The same row with values of `after` read inside the batch (the id of a row an earlier statement of it wrote:
 * an adjustment's, for its reference in the log, docs/decisions/195).
 */
export function auditStatementReading(
  db: AnyDb,
  entry: Parameters<typeof auditStatement>[1],
  read: Record<string, SQL>,
) {
  const before = entry.before === undefined ? null : JSON.stringify(entry.before);
  const after = sql`json_set(${JSON.stringify(entry.after ?? {})}, ${sql.join(
    Object.entries(read).map(([name, value]) => sql`${`$.${name}`}, ${value}`),
    sql`, `,
  )})`;
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before,
    after,
    createdAtMs: entry.nowMs,
  });
}

/** The same row, written only when `onlyIf` holds inside the batch (a guarded decision that lost its race writes none). */
export function auditStatementIf(db: AnyDb, entry: Parameters<typeof auditStatement>[1], onlyIf: SQL) {
  const before = entry.before === undefined ? null : JSON.stringify(entry.before);
  const after = entry.after === undefined ? null : JSON.stringify(entry.after);
  return db.run(sql`INSERT INTO ${auditLog} (actor_id, action, target, before, after, created_at_ms)
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
/**
 * A row's place in the log: its time, its id, then the number of the database it is in (controlAndShards): the
 * databases hand out ids from ranges of their own, so the id alone would put a whole shard before another
 * (docs/decisions/163-merged-lists-follow-time.md).
 */
export const auditKey = (row: { time: number; id: number; source: number }) => [row.time, row.id, row.source];
export const AUDIT_KEY_WIDTH = 3;

/** The log's order in one database, read through audit_log_time (created_at_ms, then the id SQLite keeps in it). */
const AUDIT_ORDER = [auditLog.createdAtMs, auditLog.id];

/** The account a row is about: its target (user:12), or the player of the request it decided (before.userId). */
const subjectId = sql<
  number | null
>`CASE WHEN ${auditLog.target} LIKE 'user:%' THEN CAST(substr(${auditLog.target}, 6) AS INTEGER) ELSE json_extract(${auditLog.before}, '$.userId') END`;

/** The operator who asked for the request a row decides (before.askedBy: an id as recorded), named on reading. */
const askedById = sql<number | null>`json_extract(${auditLog.before}, '$.askedBy')`;

/** One database's page of the log: the actor is an id here (an operator filter is turned into one first). */
function auditPage(db: AnyDb, source: number, q: AuditQuery & { actorId?: number }) {
  const where: SQL[] = [];
  if (q.actorId !== undefined) where.push(eq(auditLog.actorId, q.actorId));
  if (q.action)
    where.push(sql`${auditLog.action} LIKE ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  if (q.target) where.push(eq(auditLog.target, q.target));
  if (q.userId !== undefined)
    where.push(
      sql`(${auditLog.target} = ${`user:${q.userId}`} OR json_extract(${auditLog.before}, '$.userId') = ${q.userId})`,
    );
  if (q.fromMs !== undefined) where.push(sql`${auditLog.createdAtMs} >= ${q.fromMs}`);
  if (q.toMs !== undefined) where.push(sql`${auditLog.createdAtMs} < ${q.toMs}`);
  const keyset = sourceKeysetWhere(AUDIT_ORDER, q.at, "desc", source);
  if (keyset) where.push(keyset);
  return db
    .select({
      id: auditLog.id,
      source: sql<number>`${source}`.mapWith(Number),
      actorId: auditLog.actorId,
      subjectId: subjectId.mapWith((v) => (v === null ? null : Number(v))),
      askedById: askedById.mapWith((v) => (typeof v === "number" ? v : null)),
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      time: auditLog.createdAtMs,
    })
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...keysetOrder(AUDIT_ORDER, q.at, "desc"))
    .limit(keysetLimit(q.at).limit)
    .offset(keysetLimit(q.at).offset);
}

/**
 * The audit log, newest first, filtered by operator name, action (prefix) and target (e.g. user:12); each
 * row names the account it is about, so the console writes "for demo01", not an id, and the operator who asked
 * for the request it decides (`askedBy`, the row's before.askedBy id by its username). The log is kept in the
 * control database (what is not a money move) and in every wallet shard (the money moves, written in their
 * batch, docs/decisions/161): each database's page is merged, and names come from the directory.
 */
export async function listAudit(control: ControlDb, databases: { db: AnyDb; source: number }[], q: AuditQuery) {
  let actorId: number | undefined;
  if (q.operator) {
    const actor = await control
      .select({ id: accountDirectory.id })
      .from(accountDirectory)
      .where(eq(sql`lower(${accountDirectory.username})`, q.operator.toLowerCase()))
      .get();
    if (!actor) return [];
    actorId = actor.id;
  }
  const rows = await mergedPage(databases, q.at, "desc", auditKey, ({ db, source }, at) =>
    auditPage(db, source, { ...q, actorId, at }),
  );
  const names = await accountNames(
    control,
    rows.flatMap((r) => [r.actorId, r.subjectId, r.askedById]),
  );
  return rows.map(({ askedById, ...r }) => ({
    ...r,
    askedBy: askedById === null ? null : (names.get(askedById) ?? null),
    operator: r.actorId === null ? null : (names.get(r.actorId) ?? null),
    subjectId: r.subjectId !== null && names.has(r.subjectId) ? r.subjectId : null,
    subject: r.subjectId === null ? null : (names.get(r.subjectId) ?? null),
  }));
}
