import type { WalletDb } from "../db/client";
import { ProductError } from "#shared/product-error";
import { findOwnCard } from "./bank-card-queries";
import { runInOneBatch } from "../db/batch";
import { balanceChangeStatements, cannotCover } from "../ledger/ledger";
import { findWithdrawal, insertWithdrawalStatement, withdrawnInWindow } from "./requests";
import { todayWindow } from "#shared/days";
import { assertSameRequest } from "./keys";
import { checkPayPassword } from "./pay-password";
import {
  type CoinAmount,
  type CoinPayouts,
  type CoinTerms,
  coinAmount,
  coinTermsOf,
  isPayoutCoin,
  sameCoinTerms,
} from "#shared/payouts";
import { ledgerReasons } from "../ledger/reasons";

export type WithdrawalAsk = {
  userId: number;
  bankId: number;
  amountCents: number;
  pwd: string;
  key: string;
  pepper: string;
  /** the day's cap on withdrawals (the control database's settings, worker/wallet/settings.ts) */
  dailyCapCents: number;
  /** the approved coin payout rates and fees (docs/decisions/167): a coin withdrawal keeps its quote */
  coinPayouts: CoinPayouts;
  /**
   * The coin figure's terms the player was shown before confirming; null from a client that shows none. A request
   * to a coin address whose terms are no longer the approved ones is refused (1260): the quote it would keep is not
   * the one the player read (docs/decisions/189).
   */
  shownCoinTerms: CoinTerms | null;
  nowMs: number;
};

/**
 * A withdrawal request (docs/product.md#money): the amount is held at once (ledger "wait") in the batch that
 * writes the request, so it cannot be spent or withdrawn twice; it waits for an operator to approve or reject it.
 * The checks before the batch give the clear answer; the batch itself enforces balance and cap.
 */
export async function requestWithdrawal(db: WalletDb, ask: WithdrawalAsk): Promise<void> {
  // A repeat is checked like a first submit (the password too, counted), then must ask the same thing.
  const card = await findOwnCard(db, ask.userId, ask.bankId);
  if (!card) throw new ProductError(1032);
  const user = await checkPayPassword(db, ask.pepper, ask.userId, ask.pwd, ask.nowMs);
  if (await isRepeatOf(db, ask)) return;
  if (ask.amountCents > user.moneyCents) throw new ProductError(1025);
  if (shownTermsMoved(card.type, ask)) throw new ProductError(1260);
  // a coin withdrawal whose network fee takes the whole amount would hold the balance to send nothing
  const coinQuote = coinQuoteOf(card.type, ask.amountCents, ask.coinPayouts);
  if (coinQuote && !coinQuote.covers) throw new ProductError(1256);
  const { dailyCapCents } = ask;
  const day = todayWindow(ask.nowMs);
  if ((await withdrawnInWindow(db, ask.userId, day.fromMs, day.toMs)) + ask.amountCents > dailyCapCents)
    throw new ProductError(1067);
  try {
    await runInOneBatch(db, [
      insertWithdrawalStatement(db, {
        userId: ask.userId,
        bankCardId: card.id,
        amountCents: ask.amountCents,
        idempotencyKey: ask.key,
        nowMs: ask.nowMs,
        capCents: dailyCapCents,
        day,
        coinQuote: coinQuote ? JSON.stringify(coinQuote) : "",
      }),
      ...balanceChangeStatements(db, {
        userId: ask.userId,
        amountCents: -ask.amountCents,
        type: "wait",
        reason: ledgerReasons.withdrawal(),
        ref: ask.key,
        idempotencyKey: `withdraw-hold:${ask.key}`,
        nowMs: ask.nowMs,
      }),
    ]);
  } catch (error) {
    // The same submit racing itself: the other copy made the request, which is the answer.
    if (await isRepeatOf(db, ask)) return;
    // Read from the data, not the error's wording: the refused batch wrote nothing.
    if (await cannotCover(db, ask.userId, ask.amountCents)) throw new ProductError(1025);
    if ((await withdrawnInWindow(db, ask.userId, day.fromMs, day.toMs)) + ask.amountCents > dailyCapCents)
      throw new ProductError(1067);
    throw error;
  }
}

/** The coins a withdrawal to a coin address pays at the approved rate and fee; null for a bank or no rate. */
function coinQuoteOf(type: string, amountCents: number, payouts: CoinPayouts): CoinAmount | null {
  return isPayoutCoin(type) ? coinAmount(type, amountCents, payouts[type]) : null;
}

/** True when the player was shown a coin figure for this account other than the one the request would keep. */
function shownTermsMoved(type: string, ask: WithdrawalAsk): boolean {
  if (!isPayoutCoin(type) || !ask.shownCoinTerms) return false;
  return !sameCoinTerms(ask.shownCoinTerms, coinTermsOf(type, ask.coinPayouts));
}

/** True when this request_id already made a withdrawal of the same account and amount; 1095 if not the same. */
async function isRepeatOf(db: WalletDb, ask: WithdrawalAsk) {
  const stored = await findWithdrawal(db, { idempotencyKey: ask.key });
  if (!stored) return false;
  assertSameRequest(stored, { bankCardId: ask.bankId, amountCents: ask.amountCents });
  return true;
}
