import type { WalletDb } from "../db/client";
import { eq, sql, type SQL } from "drizzle-orm";
import { reasonValues, type LedgerReason } from "./reasons";
import { ledger, users } from "../db/schema";

/** The house account: the counterparty of every movement, so all balances always add up to zero. */
export const HOUSE_USER_ID = 1;

export type BalanceChange = {
  userId: number;
  /** positive credits the player, negative debits */
  amountCents: number;
  /** bet | earn | loss | redo | wait | topup | debit | stake | interest | principal */
  type: string;
  reason: LedgerReason;
  ref?: string | null;
  /** an operator's internal note (credits and debits by hand): kept for the console, never shown to the player */
  operatorNote?: string;
  /** unique per movement: a repeated submit hits the UNIQUE index and the whole batch is refused */
  idempotencyKey: string;
  nowMs: number;
  /** a condition checked by every statement: when false at that point of the batch, nothing moves */
  onlyIf?: SQL;
  /**
   * Who the other side is. "house" (default): the house's mirror row and balance in the same batch.
   * "stakes": a stake placed or given back while its round is open; the other side is the round's
   * stakes in play (the bets still awaiting the draw), booked to the house once per round at
   * settlement (settlementStatements), so a bet never touches the house's row (docs/decisions/110).
   */
  counterparty?: "house" | "stakes";
};

/**
 * The one way a balance changes (docs/product.md#money): the statements to put in one runInOneBatch, with
 * the player's ledger row, the balance update (which returns the player's balance after it, as
 * `moneyCents`), and the house's mirror row and update (none for a stake, whose other side is the
 * round's stakes in play until settlement).
 * A debit beyond the balance breaks users_money_non_negative and the whole batch rolls back.
 */
export function balanceChangeStatements(db: WalletDb, change: BalanceChange) {
  const { userId, amountCents: amount, type, idempotencyKey: key, nowMs } = change;
  const reason = reasonValues(change.reason);
  const ref = change.ref ?? null;
  const note = change.operatorNote ?? null;
  const onlyIf = change.onlyIf ? sql` AND (${change.onlyIf})` : sql``;
  if (!Number.isSafeInteger(amount) || amount === 0) throw new Error(`invalid ledger amount ${amount}`);
  const playerSide = [
    db.run(sql`INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, operator_note, ref, idempotency_key, created_at_ms)
      SELECT id, ${amount}, money_cents, money_cents + ${amount}, ${type}, ${reason.text}, ${reason.key}, ${reason.params}, ${note}, ${ref}, ${key}, ${nowMs} FROM ${users} WHERE id = ${userId}${onlyIf}`),
    db.run(
      sql`UPDATE ${users} SET money_cents = money_cents + ${amount} WHERE id = ${userId}${onlyIf} RETURNING money_cents AS moneyCents`,
    ),
  ] as const;
  if (change.counterparty === "stakes") return playerSide;
  return [
    ...playerSide,
    db.run(sql`INSERT INTO ${ledger} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT id, ${-amount}, money_cents, money_cents - ${amount}, ${type}, ${reason.text}, ${reason.key}, ${reason.params}, ${ref}, ${key + ":house"}, ${nowMs} FROM ${users} WHERE id = ${HOUSE_USER_ID}${onlyIf}`),
    db.run(sql`UPDATE ${users} SET money_cents = money_cents - ${amount} WHERE id = ${HOUSE_USER_ID}${onlyIf}`),
  ] as const;
}

/**
 * Why a money batch was refused, read from the data rather than from the error's wording (runtimes
 * word constraint errors differently): after the failed batch nothing of it is written, so the player's
 * balance tells whether the debit could be covered.
 */
export async function cannotCover(db: WalletDb, userId: number, debitCents: number): Promise<boolean> {
  const row = await db.select({ moneyCents: users.moneyCents }).from(users).where(eq(users.id, userId)).get();
  return row !== undefined && row.moneyCents < debitCents;
}
