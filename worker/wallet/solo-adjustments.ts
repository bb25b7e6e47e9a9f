import type { ControlDb, WalletDb } from "../db/client";
import { sql, type SQL } from "drizzle-orm";
import { readSettings } from "../settings/settings";
import { SOLO_WINDOW_MS, operatorWindowCents } from "./solo-allowances";
import { soloAdjustments, adjustmentRequests, depositRequests } from "../db/schema";

// What one operator moved alone, over a rolling 24 hours (docs/decisions/061-four-eyes-on-money.md). These rows
// are in the player's wallet shard, with the money they moved; what the operator moved over every shard is
// reserved in the control database first (worker/wallet/solo-allowances.ts, docs/decisions/161).
const WINDOW_MS = SOLO_WINDOW_MS;

export type SoloAdjustment = {
  operatorId: number;
  userId: number;
  amountCents: number;
  ledgerKey: string;
  nowMs: number;
  /** the second-approval threshold: what one operator may move alone for one player in 24 hours */
  playerLimitCents: number;
  /** what one operator may move alone for everyone together in 24 hours */
  operatorLimitCents: number;
};

/**
 * A deposit approved alone is a solo row too, keyed by its ledger key `deposit:<id>`
 * (worker/wallet/deposit-approval.ts): it counts in the sums, but it is no credit or debit of an operator.
 */
export const DEPOSIT_KEY_PREFIX = "deposit:";
export const isAdjustmentSql = sql`ledger_key NOT LIKE ${`${DEPOSIT_KEY_PREFIX}%`}`;

const soloSum = (where: SQL) =>
  sql`(SELECT coalesce(sum(abs(amount_cents)), 0) FROM ${soloAdjustments} WHERE ${where})`;
const playerWindow = (operatorId: number, userId: number, nowMs: number) =>
  soloSum(sql`operator_id = ${operatorId} AND user_id = ${userId} AND created_at_ms > ${nowMs - WINDOW_MS}`);
const operatorWindow = (operatorId: number, nowMs: number) =>
  soloSum(sql`operator_id = ${operatorId} AND created_at_ms > ${nowMs - WINDOW_MS}`);

/**
 * The first statement of a solo adjustment's batch in the player's shard: its row carries both rolling sums
 * of this shard with itself included, computed in this INSERT, so the table's CHECKs abort the whole batch
 * (ledger rows and audit with it) when either would pass its limit. Batches run one at a time, so parallel
 * requests for one player each see the ones before them. The operator's sum over every shard is the
 * control database's reservation, made before this batch (worker/wallet/solo-allowances.ts).
 */
export function soloAdjustmentStatement(db: WalletDb, s: SoloAdjustment) {
  const size = Math.abs(s.amountCents);
  return db.run(sql`INSERT INTO ${soloAdjustments} (operator_id, user_id, amount_cents, player_window_cents, player_limit_cents,
      operator_window_cents, operator_limit_cents, ledger_key, created_at_ms)
    SELECT ${s.operatorId}, ${s.userId}, ${s.amountCents}, ${size} + ${playerWindow(
      s.operatorId,
      s.userId,
      s.nowMs,
    )}, ${s.playerLimitCents},
      ${size} + ${operatorWindow(s.operatorId, s.nowMs)}, ${s.operatorLimitCents}, ${s.ledgerKey}, ${s.nowMs}`);
}

/** The databases of a decision on one player (worker/operators/player-shards.ts). */
type Books = { control: ControlDb; wallet: WalletDb };

/**
 * Both rolling sums as they stand, for the answer after a refused batch (read from the data): the player's in
 * their shard, the operator's over every shard from the control database's reservations.
 */
export async function soloWindows(books: Books, operatorId: number, userId: number, nowMs: number) {
  const [shard, reserved] = await Promise.all([
    books.wallet.get<{ player: number; operator: number }>(
      sql`SELECT ${playerWindow(operatorId, userId, nowMs)} AS player, ${operatorWindow(operatorId, nowMs)} AS operator`,
    ),
    operatorWindowCents(books.control, operatorId, nowMs),
  ]);
  // the shard's own sum counts too: a solo row from before the reservations has none in the control database
  return { playerCents: shard.player, operatorCents: Math.max(reserved, shard.operator) };
}

/**
 * What this operator may still move alone for this player now (cents): a credit or debit larger than
 * this waits for a second operator (worker/wallet/adjustments.ts askAdjustment), so the console's
 * confirm step can say so before it is sent.
 */
export async function soloRoomCents(books: Books, operatorId: number, userId: number, nowMs: number) {
  const [limits, windows] = await Promise.all([
    readSettings(books.control, ["adjust_second_approval_cents", "adjust_operator_daily_cents"]),
    soloWindows(books, operatorId, userId, nowMs),
  ]);
  return Math.max(
    0,
    Math.min(
      limits.adjust_second_approval_cents - windows.playerCents,
      limits.adjust_operator_daily_cents - windows.operatorCents,
    ),
  );
}

/**
 * Whether this operator changed this player's balance in the last 24 hours: alone, by asking for an
 * adjustment, or by approving one. Such an operator does not approve that player's withdrawal.
 */
export function adjustedRecentlySql(operatorId: number, userId: number | SQL, nowMs: number): SQL {
  const since = nowMs - WINDOW_MS;
  // a deposit approved alone is not an adjustment: approvedDepositRecentlySql names it
  return sql`(EXISTS (SELECT 1 FROM ${soloAdjustments} WHERE operator_id = ${operatorId} AND user_id = ${userId} AND created_at_ms > ${since}
      AND ${isAdjustmentSql})
    OR EXISTS (SELECT 1 FROM ${adjustmentRequests} WHERE user_id = ${userId} AND status <> 'cancelled'
      AND ((requested_by = ${operatorId} AND created_at_ms > ${since}) OR (decided_by = ${operatorId} AND status = 'approved' AND decided_at_ms > ${since}))))`;
}

export async function adjustedRecently(db: WalletDb, operatorId: number, userId: number, nowMs: number) {
  const row = await db.get<{ adjusted: number }>(
    sql`SELECT ${adjustedRecentlySql(operatorId, userId, nowMs)} AS adjusted`,
  );
  return row.adjusted === 1;
}

/**
 * Whether this operator approved a deposit of this player in the last 24 hours, alone, as the first of
 * two or as the second. Such an operator does not approve that player's withdrawal either.
 */
export function approvedDepositRecentlySql(operatorId: number, userId: number | SQL, nowMs: number): SQL {
  const since = nowMs - WINDOW_MS;
  return sql`EXISTS (SELECT 1 FROM ${depositRequests} WHERE user_id = ${userId}
    AND ((decided_by = ${operatorId} AND status = 'approved' AND decided_at_ms > ${since})
      OR (first_approved_by = ${operatorId} AND first_approved_at_ms > ${since})))`;
}

export async function approvedDepositRecently(db: WalletDb, operatorId: number, userId: number, nowMs: number) {
  const row = await db.get<{ approved: number }>(
    sql`SELECT ${approvedDepositRecentlySql(operatorId, userId, nowMs)} AS approved`,
  );
  return row.approved === 1;
}
