import type { WalletDb } from "../db/client";
import type { BatchItem } from "drizzle-orm/batch";
import { ProductError } from "#shared/product-error";
import { sql } from "drizzle-orm";
import { auditStatementReading } from "../audit/log";
import { soloAdjustments } from "../db/schema";
import { runInOneBatch } from "../db/batch";
import { balanceChangeStatements, cannotCover } from "../ledger/ledger";
import { movementExists } from "../ledger/funds";
import { getUserById } from "../accounts/users";
import { toMoney } from "#shared/money";
import { ledgerReasons } from "../ledger/reasons";
import { noticeStatement } from "../notices/queries";
import type { AdjustmentText } from "#shared/adjustments";

/** `text` is what the player reads (a preset, shared/adjustments.ts); `reason` the operator's internal note. */
export type Adjustment = {
  operatorId: number;
  userId: number;
  amountCents: number;
  text: AdjustmentText;
  reason: string;
  key: string;
  nowMs: number;
};

/**
 * An operator's credit ("topup") or debit ("debit") of a player, with the text the player reads in the
 * ledger and the operator's note in the audit row only (docs/decisions/143-adjustment-texts-and-coin-networks.md), in one batch with
 * the audit row and `guard` (statements that abort the batch when the operator may not do it alone).
 * A debit beyond the balance is refused (1025); a repeated key changes nothing more. A refused guard
 * throws the database's error after this function has ruled out a repeat and the balance.
 */
export async function adjustBalance(db: WalletDb, a: Adjustment, guard: BatchItem<"sqlite">[] = []) {
  const player = await getUserById(db, a.userId);
  if (!player || player.role === "house") throw new ProductError(1002);
  if (await movementExists(db, a.key)) return answer(db, a);
  if (a.amountCents < 0 && -a.amountCents > player.moneyCents) throw new ProductError(1025);
  const credit = a.amountCents > 0;
  try {
    await runInOneBatch(db, [
      ...guard,
      ...balanceChangeStatements(db, {
        userId: a.userId,
        amountCents: a.amountCents,
        type: credit ? "topup" : "debit",
        reason: ledgerReasons.adjustment(a.text),
        operatorNote: a.reason,
        ref: `operator:${a.operatorId}`,
        idempotencyKey: a.key,
        nowMs: a.nowMs,
      }),
      // the player is told like a deposit's decision, by the preset text, never the operator's note, and the
      // adjustment's reference: its solo row, written first in this batch (none when made without one)
      noticeStatement(db, adjustmentNotice(a.userId, a.amountCents, a.text, `adjust:${a.key}`, a.nowMs), undefined, {
        made: sql`'alone'`,
        adjustmentId: soloIdOf(a.key),
      }),
      auditStatementReading(
        db,
        {
          actorId: a.operatorId,
          action: credit ? "balance.credit" : "balance.debit",
          target: `user:${a.userId}`,
          before: { balance: toMoney(player.moneyCents) },
          after: {
            balance: toMoney(player.moneyCents + a.amountCents),
            amount: toMoney(a.amountCents),
            text: a.text,
            reason: a.reason,
          },
          nowMs: a.nowMs,
        },
        { adjustment: soloIdOf(a.key) },
      ),
    ]);
  } catch (error) {
    // The same adjustment submitted again, racing: it was made once, which is what the operator asked for.
    if (await movementExists(db, a.key)) return answer(db, a);
    if (a.amountCents < 0 && (await cannotCover(db, a.userId, -a.amountCents))) throw new ProductError(1025);
    throw error;
  }
  return answer(db, a);
}

/** The solo row of this adjustment, inside its batch (worker/wallet/solo-adjustments.ts writes it first). */
const soloIdOf = (key: string) => sql`(SELECT id FROM ${soloAdjustments} WHERE ledger_key = ${key})`;

/** The player's notice of a credit or debit made to their balance (docs/decisions/142). */
export function adjustmentNotice(
  userId: number,
  amountCents: number,
  text: AdjustmentText,
  key: string,
  nowMs: number,
  /** a queued adjustment's request, for its reference (docs/decisions/195); one made alone reads its row in the batch */
  queuedId?: number,
) {
  const params: Record<string, string | number> = { amountCents: Math.abs(amountCents), text };
  if (queuedId !== undefined) Object.assign(params, { made: "queued", adjustmentId: queuedId });
  return {
    userId,
    kind: amountCents > 0 ? ("balanceCredited" as const) : ("balanceDebited" as const),
    params,
    key,
    nowMs,
  };
}

async function answer(db: WalletDb, a: Adjustment) {
  const player = await getUserById(db, a.userId);
  return { userId: a.userId, amount: toMoney(a.amountCents), balance: toMoney(player.moneyCents) };
}
