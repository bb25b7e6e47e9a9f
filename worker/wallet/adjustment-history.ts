import type { ControlDb, WalletDb } from "../db/client";
import type { AdjustmentHistoryRow } from "#shared/answers/console-wallet";
import { type SQL, sql } from "drizzle-orm";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere, mergedPage } from "../db/keyset";
import { accountNames } from "../db/every-shard";
import { startsWithSql } from "../db/like";
import { toMoney } from "#shared/money";
import { isAdjustmentSql } from "./solo-adjustments";
import type { ADJUSTMENT_STATES } from "#shared/forms/operators";
import type { AdjustmentMade } from "#shared/request-ref";
import { adjustmentRequests, users, soloAdjustments, ledger } from "../db/schema";

// Every balance adjustment, newest first (docs/decisions/140): the ones an operator made alone
// (solo_adjustments, status "done", with the internal note of their ledger row, or its reason before notes had
// their own column, docs/decisions/143) and the queued ones: waiting for a second operator (at the time they
// were asked), approved or rejected by one, or cancelled by their requester (at the time they were decided).

export type AdjustmentHistoryQuery = {
  status?: (typeof ADJUSTMENT_STATES)[number];
  username?: string;
  /** one adjustment, by its seq (adjustmentSeq): what its reference names */
  seq?: number;
  fromMs?: number;
  toMs?: number;
  /** bounds of the size of the movement: a debit of 50 is in [10, 100] */
  minCents?: number;
  maxCents?: number;
  at: PageAt;
};

type HistoryRow = {
  id: number;
  /** the id with its source, unique across both: 2 x id for one made alone, 2 x id + 1 for a queued one */
  seq: number;
  userId: number;
  username: string;
  amountCents: number;
  reason: string;
  status: string;
  requestedById: number;
  decidedById: number | null;
  askedAtMs: number;
  timeMs: number;
};

/** A row as the history answers it: the operators who asked and decided named beside their ids. */
type NamedHistoryRow = HistoryRow & { requestedBy: string | null; decidedBy: string | null };

/** An adjustment's seq in the history: twice its id, plus one for a queued one (as its reference, adjustmentRef). */
export const adjustmentSeq = (made: AdjustmentMade, id: number) => id * 2 + (made === "queued" ? 1 : 0);

/** A row's place in the history: its time, then seq (two sources, one order; the cursor holds both numbers). */
export const adjustmentHistoryKey = (row: { timeMs: number; seq: number }) => [row.timeMs, row.seq];
export const ADJUSTMENT_HISTORY_KEY_WIDTH = 2;

const COLUMNS = [sql`h.timeMs`, sql`h.seq`];

/**
 * The history of every wallet shard (docs/decisions/161), merged in its order; the operators who asked and
 * decided are named from the directory in the control database, where their accounts are: a shard's query
 * answers their ids only and joins no operator's account (docs/decisions/176).
 */
export async function listAdjustmentHistoryOfShards(control: ControlDb, shards: WalletDb[], q: AdjustmentHistoryQuery) {
  const rows = await mergedPage(shards, q.at, "desc", adjustmentHistoryKey, (db, at) =>
    listAdjustmentHistory(db, { ...q, at }),
  );
  const names = await accountNames(
    control,
    rows.flatMap((r) => [r.requestedById, r.decidedById]),
  );
  const named = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return rows.map((r): NamedHistoryRow => ({
    ...r,
    requestedBy: named(r.requestedById),
    decidedBy: named(r.decidedById),
  }));
}

async function listAdjustmentHistory(db: WalletDb, q: AdjustmentHistoryQuery) {
  const where: SQL[] = [];
  if (q.status) where.push(sql`h.status = ${q.status}`);
  if (q.username) where.push(startsWithSql(sql`h.username`, q.username));
  if (q.seq !== undefined) where.push(sql`h.seq = ${q.seq}`);
  if (q.fromMs !== undefined) where.push(sql`h.timeMs >= ${q.fromMs}`);
  if (q.toMs !== undefined) where.push(sql`h.timeMs < ${q.toMs}`);
  if (q.minCents !== undefined) where.push(sql`abs(h.amountCents) >= ${q.minCents}`);
  if (q.maxCents !== undefined) where.push(sql`abs(h.amountCents) <= ${q.maxCents}`);
  const keyset = keysetWhere(COLUMNS, q.at, "desc");
  if (keyset) where.push(keyset);
  const limits = keysetLimit(q.at);
  return db.all<HistoryRow>(sql`SELECT * FROM (
      SELECT r.id AS id, r.id * 2 + 1 AS seq, r.user_id AS userId, u.username AS username, r.amount_cents AS amountCents,
        r.reason AS reason, r.status AS status, r.requested_by AS requestedById,
        r.decided_by AS decidedById, r.created_at_ms AS askedAtMs, COALESCE(r.decided_at_ms, r.created_at_ms) AS timeMs
      FROM ${adjustmentRequests} r
      JOIN ${users} u ON u.id = r.user_id
      UNION ALL
      SELECT s.id, s.id * 2, s.user_id, u.username, s.amount_cents,
        COALESCE(l.operator_note, json_extract(l.reason_params, '$.note'), l.reason, ''), 'done',
        s.operator_id, NULL, s.created_at_ms, s.created_at_ms
      FROM ${soloAdjustments} s
      JOIN ${users} u ON u.id = s.user_id
      LEFT JOIN ${ledger} l ON l.idempotency_key = s.ledger_key
      WHERE ${isAdjustmentSql}
    ) h
    ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY ${sql.join(keysetOrder(COLUMNS, q.at, "desc"), sql`, `)}
    LIMIT ${limits.limit} OFFSET ${limits.offset}`);
}

/** The wire row: money as a decimal, both times in ms. */
export function adjustmentHistoryRow(r: NamedHistoryRow): AdjustmentHistoryRow {
  return {
    id: r.id,
    made: r.seq % 2 === 0 ? "alone" : "queued",
    userId: r.userId,
    username: r.username,
    money: toMoney(r.amountCents),
    reason: r.reason,
    status: r.status,
    requestedBy: r.requestedBy,
    decidedBy: r.decidedBy,
    askedAt: r.askedAtMs,
    time: r.timeMs,
  };
}
