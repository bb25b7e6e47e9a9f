import type { WalletDb } from "../db/client";
import { and, desc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { notices, financeOrders, playerMoves, playLimits } from "../db/schema";

// A player's notices (docs/decisions/142-notices-and-leaving-with-ones-money.md): each is written by
// a statement of the batch that takes the decision it tells of, so a notice never exists without its
// decision nor a decision without its notice. A notice is a kind and its parameters; the app words it
// in the reader's language when it is read.

export type NoticeKind =
  | "balanceCredited"
  | "balanceDebited"
  | "depositCredited"
  | "depositRejected"
  | "withdrawalPaid"
  | "withdrawalRejected"
  | "lockupMatured"
  | "limitInForce";

export type NewNotice = {
  userId: number;
  kind: NoticeKind;
  params: Record<string, string | number | null>;
  key: string;
  nowMs: number;
};

/**
 * The notice of one decision, for the decision's own batch (its key refuses a second one). With `onlyIf`
 * it is written only when that condition holds in the batch (a decision a racing one may have beaten).
 */
export function noticeStatement(db: WalletDb, n: NewNotice, onlyIf?: SQL, read?: Record<string, SQL>) {
  // parameters read inside the batch (a row an earlier statement of it wrote), beside the given ones
  const params = read
    ? sql`json_set(${JSON.stringify(n.params)}, ${sql.join(
        Object.entries(read).map(([name, value]) => sql`${`$.${name}`}, ${value}`),
        sql`, `,
      )})`
    : JSON.stringify(n.params);
  if (onlyIf)
    return db.run(sql`INSERT INTO ${notices} (user_id, kind, params, notice_key, created_at_ms)
      SELECT ${n.userId}, ${n.kind}, ${params}, ${n.key}, ${n.nowMs} WHERE ${onlyIf}`);
  return db.insert(notices).values({
    userId: n.userId,
    kind: n.kind,
    params,
    noticeKey: n.key,
    createdAtMs: n.nowMs,
  });
}

/**
 * The notices of the lock-ups maturing at `nowMs`, for the accrual batch (worker/finance/accrual-statements.ts):
 * the same orders its principal statement pays, so it must run before the orders' counters move.
 */
export function maturedLockupNoticesStatement(db: WalletDb, nowMs: number) {
  return db.run(sql`INSERT INTO ${notices} (user_id, kind, params, notice_key, created_at_ms)
    SELECT o.user_id, 'lockupMatured',
      json_object('orderId', o.id, 'amountCents', o.amount_cents, 'interestCents', o.days * ((o.amount_cents * o.daily_rate_ppm) / 1000000), 'days', o.days),
      'lockup-matured:' || o.id, ${nowMs}
    FROM ${financeOrders} o WHERE o.status = 'active' AND o.end_at_ms <= ${nowMs}
      -- not while the player is being moved between shards: the accrual waits for the move too
      AND NOT EXISTS (SELECT 1 FROM ${playerMoves} m WHERE m.user_id = o.user_id)
    ON CONFLICT (notice_key) DO NOTHING`);
}

/**
 * Limit changes whose 24 hours have passed (docs/decisions/090): the notice that the new limit is in
 * force, then the change folded into the limit itself, in one batch. The limit in force is the same
 * before and after the fold (shared/protection/rules.ts effectiveLimit); the fold only says it once.
 */
export function dueLimitChangeStatements(db: WalletDb, nowMs: number) {
  return [
    db.run(sql`INSERT INTO ${notices} (user_id, kind, params, notice_key, created_at_ms)
      SELECT user_id, 'limitInForce', json_object('kind', kind, 'period', period, 'amountCents', pending_amount_cents),
        'limit:' || user_id || ':' || kind || ':' || period || ':' || pending_at_ms, ${nowMs}
      FROM ${playLimits} WHERE pending_at_ms IS NOT NULL AND pending_at_ms <= ${nowMs}
      ON CONFLICT (notice_key) DO NOTHING`),
    db.run(sql`UPDATE ${playLimits} SET amount_cents = pending_amount_cents, pending_amount_cents = NULL, pending_at_ms = NULL, updated_at_ms = ${nowMs}
      WHERE pending_at_ms IS NOT NULL AND pending_at_ms <= ${nowMs} AND pending_amount_cents IS NOT NULL`),
    db.run(
      sql`DELETE FROM ${playLimits} WHERE pending_at_ms IS NOT NULL AND pending_at_ms <= ${nowMs} AND pending_amount_cents IS NULL`,
    ),
  ];
}

export type NoticeRow = { id: number; kind: NoticeKind; params: string; createdAtMs: number; readAtMs: number | null };

/** A page of a player's notices, newest first (before = the last id of the previous page). */
export function listNotices(db: WalletDb, userId: number, limit: number, beforeId?: number): Promise<NoticeRow[]> {
  return db
    .select({
      id: notices.id,
      kind: sql<NoticeKind>`${notices.kind}`,
      params: notices.params,
      createdAtMs: notices.createdAtMs,
      readAtMs: notices.readAtMs,
    })
    .from(notices)
    .where(
      beforeId === undefined ? eq(notices.userId, userId) : and(eq(notices.userId, userId), lt(notices.id, beforeId)),
    )
    .orderBy(desc(notices.id))
    .limit(limit);
}

export async function unreadNoticeCount(db: WalletDb, userId: number): Promise<number> {
  return db.$count(notices, and(eq(notices.userId, userId), isNull(notices.readAtMs)));
}

/** Opening the inbox reads what it showed: notices up to the newest one shown. */
export async function markNoticesRead(db: WalletDb, userId: number, upToId: number, nowMs: number) {
  await db
    .update(notices)
    .set({ readAtMs: nowMs })
    .where(and(eq(notices.userId, userId), isNull(notices.readAtMs), sql`${notices.id} <= ${upToId}`));
}
