import type { WalletDb } from "../db/client";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { ledger, soloAdjustments, withdrawalRequests } from "../db/schema";

export type FlowQuery = { userId: number; fromMs?: number; toMs?: number; at: PageAt };

const flowKeys = [ledger.createdAtMs, ledger.id];
/** A ledger row's place in the list (keyset paging through ledger_user_time, docs/decisions/112). */
export const ledgerRowKey = (row: { createdAtMs: number; id: number }) => [row.createdAtMs, row.id];
export const LEDGER_ROW_KEY_WIDTH = 2;

/**
 * The player's own ledger rows (the funds ledger, /my_income, and the operator's file), newest first.
 * operatorNote is for the console: the player's answer (flowRow) never carries it. A withdrawal's hold
 * comes with its request (the hold's ref is the request's key), so the row says what became of it.
 */
export function listLedgerRows(db: WalletDb, q: FlowQuery) {
  const where: SQL[] = [eq(ledger.userId, q.userId)];
  if (q.fromMs !== undefined) where.push(gte(ledger.createdAtMs, q.fromMs));
  if (q.toMs !== undefined) where.push(lt(ledger.createdAtMs, q.toMs));
  const keyset = keysetWhere(flowKeys, q.at, "desc");
  if (keyset) where.push(keyset);
  const { limit, offset } = keysetLimit(q.at);
  return db
    .select({
      id: ledger.id,
      amountCents: ledger.amountCents,
      beforeCents: ledger.beforeCents,
      afterCents: ledger.afterCents,
      type: ledger.type,
      reason: ledger.reason,
      reasonKey: ledger.reasonKey,
      reasonParams: ledger.reasonParams,
      operatorNote: ledger.operatorNote,
      // only to tell an adjustment from a deposit (isAdjustmentRow); never in the player's answer
      idempotencyKey: ledger.idempotencyKey,
      createdAtMs: ledger.createdAtMs,
      withdrawalId: withdrawalRequests.id,
      withdrawalStatus: withdrawalRequests.status,
      // an adjustment one operator made alone: its row, for its reference (an approved queued one is keyed
      // adjustment:<id>)
      soloAdjustmentId: soloAdjustments.id,
    })
    .from(ledger)
    .leftJoin(soloAdjustments, eq(soloAdjustments.ledgerKey, ledger.idempotencyKey))
    .leftJoin(
      withdrawalRequests,
      and(
        eq(ledger.type, "wait"),
        eq(withdrawalRequests.userId, ledger.userId),
        eq(withdrawalRequests.idempotencyKey, ledger.ref),
      ),
    )
    .where(and(...where))
    .orderBy(...keysetOrder(flowKeys, q.at, "desc"))
    .limit(limit)
    .offset(offset);
}

/** The player's balance at an instant, from the ledger: the balance after the last movement before it (0 before any). */
export async function balanceBefore(db: WalletDb, userId: number, atMs: number): Promise<number> {
  const row = await db
    .select({ afterCents: ledger.afterCents })
    .from(ledger)
    .where(and(eq(ledger.userId, userId), lt(ledger.createdAtMs, atMs)))
    .orderBy(desc(ledger.createdAtMs), desc(ledger.id))
    .limit(1)
    .get();
  return row?.afterCents ?? 0;
}

/** Whether a movement with this idempotency key was already written. */
export async function movementExists(db: WalletDb, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledger.id })
    .from(ledger)
    .where(eq(ledger.idempotencyKey, idempotencyKey))
    .limit(1);
  return !!row;
}

export type LedgerSummary = {
  depositsCents: number;
  withdrawalsCents: number;
  stakesCents: number;
  awardsCents: number;
  refundsCents: number;
  lockupsCents: number;
  principalCents: number;
  interestCents: number;
  adjustmentsCents: number;
  otherCents: number;
};

const LINES = [
  "deposit",
  "withdrawal",
  "stake",
  "award",
  "refund",
  "lockup",
  "principal",
  "interest",
  "adjustment",
  "other",
] as const;
const column = {
  deposit: "depositsCents",
  withdrawal: "withdrawalsCents",
  stake: "stakesCents",
  award: "awardsCents",
  refund: "refundsCents",
  lockup: "lockupsCents",
  principal: "principalCents",
  interest: "interestCents",
  adjustment: "adjustmentsCents",
  other: "otherCents",
} as const;

/**
 * A player's ledger over [fromMs, toMs) in the statement's lines: approved deposits, withdrawals
 * (held, less the refunds of rejected ones), stakes (less cancelled bets), awards, refunds of voided
 * rounds (neither a win nor a loss), finance lock-ups, principal returned and interest (their own
 * lines: locking funds is not a loss), operator adjustments, and anything else. Each line is signed as
 * the ledger is, so they add up to the change of the balance over the period.
 */
export async function ledgerSummary(
  db: WalletDb,
  userId: number,
  fromMs: number,
  toMs: number,
): Promise<LedgerSummary> {
  const sums = LINES.map(
    (line) => sql`COALESCE(SUM(CASE WHEN line = ${line} THEN amount_cents END), 0) AS ${sql.raw(column[line])}`,
  );
  const row = await db.get<LedgerSummary>(sql`SELECT ${sql.join(sums, sql`, `)}
    FROM (SELECT amount_cents, CASE
        WHEN type = 'topup' AND idempotency_key LIKE 'deposit:%' THEN 'deposit'
        WHEN type = 'wait' OR (type = 'redo' AND idempotency_key LIKE 'withdraw-refund:%') THEN 'withdrawal'
        WHEN type = 'bet' OR (type = 'redo' AND idempotency_key LIKE 'cancel:%') THEN 'stake'
        WHEN type = 'redo' AND idempotency_key LIKE 'refund:%' THEN 'refund'
        WHEN type = 'earn' THEN 'award'
        WHEN type = 'stake' THEN 'lockup'
        WHEN type = 'principal' THEN 'principal'
        WHEN type = 'interest' THEN 'interest'
        -- the same rule as the ledger's kind (isAdjustmentRow in worker/ledger/reasons.ts)
        WHEN type IN ('topup', 'debit') THEN 'adjustment'
        ELSE 'other' END AS line
      FROM ${ledger} WHERE user_id = ${userId} AND created_at_ms >= ${fromMs} AND created_at_ms < ${toMs})`);
  return row!;
}

/** The betting result: stakes, awards and refunds of voided rounds (a refunded bet nets to zero). */
export const netResultCents = (s: LedgerSummary) => s.stakesCents + s.awardsCents + s.refundsCents;
