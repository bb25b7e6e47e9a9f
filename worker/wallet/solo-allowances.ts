import type { ControlDb, WalletDb } from "../db/client";
import { and, eq, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { soloAllowances, soloAdjustments } from "../db/schema";

// What one operator may move alone in 24 hours is a sum over every player, so over every wallet shard
// (docs/decisions/161 "Limits that span shards"). It is reserved in the control database before the money
// moves in the player's shard: one INSERT computes the operator's rolling sum with itself included, and the
// table's CHECK refuses the one that would pass the limit (statements of one database run one at a time, so
// parallel moves cannot pass together, whatever shards they go to). A shard that refuses the money gives the
// reservation back by its key; a crash between the two leaves a reservation that only lapses with the 24
// hours: an allowance used for nothing, never money moved alone without one.

/** The rolling window of what one operator moves alone (docs/decisions/061-four-eyes-on-money.md). */
export const SOLO_WINDOW_MS = 24 * 60 * 60_000;

export type SoloReservation = {
  operatorId: number;
  userId: number;
  /** the ledger key of the move (an adjustment's key, or deposit:<id>) */
  ledgerKey: string;
  amountCents: number;
  limitCents: number;
  nowMs: number;
};

/** One reservation per operator and move: two operators approving one deposit alone each hold their own. */
const keyOf = (operatorId: number, ledgerKey: string) => `${operatorId}:${ledgerKey}`;

const operatorSum = (operatorId: number, nowMs: number) =>
  sql`(SELECT coalesce(sum(amount_cents), 0) FROM ${soloAllowances} WHERE operator_id = ${operatorId} AND created_at_ms > ${nowMs - SOLO_WINDOW_MS})`;

/**
 * Reserves the operator's allowance for one move. "reserved" is a new reservation, "held" one this key
 * already had (the same submit again, or one a crash left), "refused" a move past the operator's 24 hours.
 */
export async function reserveSolo(control: ControlDb, r: SoloReservation): Promise<"reserved" | "held" | "refused"> {
  const size = Math.abs(r.amountCents);
  const key = keyOf(r.operatorId, r.ledgerKey);
  try {
    const result =
      await control.run(sql`INSERT INTO ${soloAllowances} (operator_id, user_id, reservation_key, amount_cents,
        window_cents, limit_cents, created_at_ms)
      SELECT ${r.operatorId}, ${r.userId}, ${key}, ${size}, ${size} + ${operatorSum(r.operatorId, r.nowMs)},
        ${r.limitCents}, ${r.nowMs} WHERE true
      ON CONFLICT (reservation_key) DO NOTHING`);
    if (result.meta.changes === 1) return "reserved";
  } catch (error) {
    // read from the data, not the error's wording: past the limit is the only refusal this INSERT has
    if ((await operatorWindowCents(control, r.operatorId, r.nowMs)) + size > r.limitCents) return "refused";
    throw error;
  }
  // the key's reservation is of this very move, or the request_id was used for another amount (1095)
  const held = await control
    .select({ cents: soloAllowances.amountCents })
    .from(soloAllowances)
    .where(eq(soloAllowances.reservationKey, key))
    .get();
  if (held && held.cents !== size) throw new ProductError(1095);
  return "held";
}

/**
 * Gives a reservation back after its shard refused the move. Only while the shard holds no solo row of that
 * move by this operator: that row is written in the batch that moves the money, so a reservation whose money
 * moved (a twin submit that won) is never given back.
 */
export async function releaseSolo(control: ControlDb, wallet: WalletDb, operatorId: number, ledgerKey: string) {
  const moved = await wallet
    .select({ id: soloAdjustments.id })
    .from(soloAdjustments)
    .where(and(eq(soloAdjustments.ledgerKey, ledgerKey), eq(soloAdjustments.operatorId, operatorId)))
    .get();
  if (moved) return;
  await control.delete(soloAllowances).where(eq(soloAllowances.reservationKey, keyOf(operatorId, ledgerKey)));
}

/** What the operator moved alone in the last 24 hours, in every shard (cents). */
export async function operatorWindowCents(control: ControlDb, operatorId: number, nowMs: number): Promise<number> {
  const row = await control.get<{ cents: number }>(sql`SELECT ${operatorSum(operatorId, nowMs)} AS cents`);
  return row.cents;
}

/** Reservations kept past their window, for a look back over the last day's; older ones count for nothing. */
const KEPT_MS = 2 * SOLO_WINDOW_MS;
const PRUNE_STEP = 1_000;

/** Deletes reservations long past their 24 hours, a bounded step a run (the cron's, worker/index.ts). */
export async function pruneLapsedAllowances(control: ControlDb, nowMs: number) {
  await control.run(sql`DELETE FROM ${soloAllowances} WHERE id IN (
    SELECT id FROM ${soloAllowances} WHERE created_at_ms < ${nowMs - KEPT_MS} ORDER BY id LIMIT ${PRUNE_STEP})`);
}
