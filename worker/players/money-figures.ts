import type { WalletDb } from "../db/client";
import { lockedFunds } from "../finance/orders";
import { pendingWithdrawalCents } from "../wallet/requests";
import { withdrawableToday } from "../wallet/withdrawable";

/**
 * A player's money as their My page shows it, one computation for the player's answers (getassets, getuserinfo's
 * figures) and the console's player file, so an operator reads the player's own figures: what can be withdrawn
 * today (shared/withdrawable.ts), what waits in withdrawals not yet paid out (already out of the balance), what
 * is locked in finance, and the total assets (the balance and the locked funds).
 */
export async function moneyFigures(
  db: WalletDb,
  ask: { userId: number; balanceCents: number; dailyCapCents: number; nowMs: number },
) {
  const [today, withdrawingCents, locked] = await Promise.all([
    withdrawableToday(db, ask),
    pendingWithdrawalCents(db, ask.userId),
    lockedFunds(db, ask.userId),
  ]);
  return {
    withdrawableCents: today.withdrawableCents,
    withdrawingCents,
    locked,
    totalCents: ask.balanceCents + locked.lockedCents,
  };
}
