import type { WalletDb } from "../db/client";
import { todayWindow } from "#shared/days";
import { capLeftCents, withdrawableCents } from "#shared/withdrawable";
import { withdrawnInWindow } from "./requests";

/** The day's withdrawals of a player against the cap, and what can still leave today (shared/withdrawable.ts). */
export async function withdrawableToday(
  wallet: WalletDb,
  ask: { userId: number; balanceCents: number; dailyCapCents: number; nowMs: number },
) {
  const day = todayWindow(ask.nowMs);
  const usedCents = await withdrawnInWindow(wallet, ask.userId, day.fromMs, day.toMs);
  const capLeft = capLeftCents(ask.dailyCapCents, usedCents);
  return { usedCents, capLeftCents: capLeft, withdrawableCents: withdrawableCents(ask.balanceCents, capLeft) };
}
