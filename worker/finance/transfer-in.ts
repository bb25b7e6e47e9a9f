import type { ControlDb, WalletDb } from "../db/client";
import { ProductError } from "#shared/product-error";
import { runInOneBatch } from "../db/batch";
import { findOrderByKey, findProduct, insertOrderStatement, orderExistsSql, type OrderRecord } from "./orders";
import { protectionAllowsSql } from "../protection/queries";
import { explainRefusal, refuseWhileRestricted } from "../protection/refusal";
import { balanceChangeStatements, cannotCover } from "../ledger/ledger";
import { checkPayPassword } from "../wallet/pay-password";
import { maturityMs, transferProblem } from "#shared/finance/rules";
import { ledgerReasons } from "../ledger/reasons";
import { readSettings } from "../settings/settings";

export type TransferIn = {
  userId: number;
  productId: number;
  amountCents: number;
  pwd: string;
  key: string;
  pepper: string;
  nowMs: number;
};

/**
 * Locks an amount in a tier (docs/product.md#finance): the checks give the clear answer (tier 1113, the tier's
 * own range 1111-1112, withdrawal password as the wallet's withdraw checks it, balance 1025); then ONE batch
 * writes the order, with the tier's rate and days copied into it, and debits the balance (ledger "stake").
 * An overdraw or a repeated key aborts the whole batch. The same submit again answers the order it made. The
 * player's protection (no time-out or exclusion running, docs/product.md#player-protection; limits do not
 * apply to a lock-up, docs/decisions/090) is decided inside the batch: refused, it writes nothing and answers the code.
 * `db` is the player's wallet shard (the order, the debit and the protection checks are its rows), `control` the
 * control database (the tier and the settings, docs/decisions/161).
 */
export async function transferIn(db: WalletDb, control: ControlDb, ask: TransferIn): Promise<OrderRecord> {
  const done = await findOrderByKey(db, ask.key);
  if (done) return done;
  // A restricted player is told why first, whatever the amount (docs/decisions/142); the batch decides it again.
  await refuseWhileRestricted(db, ask.userId, ask.nowMs);
  const [product, { finance_open_max_cents: openMaxCents }] = await Promise.all([
    findProduct(control, ask.productId),
    readSettings(control, ["finance_open_max_cents"]),
  ]);
  if (!product) throw new ProductError(1113);
  const tierProblem = transferProblem(product, openMaxCents, ask.amountCents);
  if (tierProblem)
    throw new ProductError(tierProblem.code, tierProblem.num === undefined ? {} : { num: tierProblem.num });
  const user = await checkPayPassword(db, ask.pepper, ask.userId, ask.pwd, ask.nowMs);
  if (ask.amountCents > user.moneyCents) throw new ProductError(1025);
  // Locking funds is not a wager: no stake or loss limit applies, but a time-out or exclusion still refuses it.
  const protectedAsk = { userId: ask.userId, nowMs: ask.nowMs, adds: {} };
  let results;
  try {
    results = await runInOneBatch(db, [
      insertOrderStatement(
        db,
        {
          userId: ask.userId,
          productId: product.id,
          nameKey: product.nameKey,
          amountCents: ask.amountCents,
          dailyRatePpm: product.dailyRatePpm,
          days: product.days,
          startAtMs: ask.nowMs,
          endAtMs: maturityMs(ask.nowMs, product.days),
          idempotencyKey: ask.key,
        },
        protectionAllowsSql(protectedAsk),
      ),
      ...balanceChangeStatements(db, {
        userId: ask.userId,
        amountCents: -ask.amountCents,
        type: "stake",
        reason: ledgerReasons.financeLockup(product),
        ref: `finance:${ask.key}`,
        idempotencyKey: `stake:${ask.key}`,
        nowMs: ask.nowMs,
        onlyIf: orderExistsSql(ask.key),
      }),
    ]);
  } catch (error) {
    // The same submit racing itself: the other copy locked the funds, which is the answer.
    const raced = await findOrderByKey(db, ask.key);
    if (raced) return raced;
    // Read from the data, not the error's wording: the refused batch wrote nothing.
    if (await cannotCover(db, ask.userId, ask.amountCents)) throw new ProductError(1025);
    throw error;
  }
  if (results[0].meta.changes === 0) {
    const refusal = await explainRefusal(db, protectedAsk);
    throw new ProductError(refusal.errCode, refusal.extra);
  }
  return (await findOrderByKey(db, ask.key))!;
}
