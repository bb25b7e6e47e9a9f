import type { ControlDb } from "../db/client";
import type { CoinPayouts } from "#shared/payouts";
import { readSettings } from "../settings/settings";
import type { DepositPayee } from "#shared/answers/wallet";

export type DepositMode = "request" | "contact";

export type WalletSettings = {
  dailyCapCents: number;
  depositMinCents: number;
  depositMaxCents: number;
  supportUrl: string;
  depositMode: DepositMode;
  payees: DepositPayee[];
  /** the approved coin payout rates and fees (shared/payouts.ts) */
  coinPayouts: CoinPayouts;
};

/** The operator settings the wallet obeys (docs/decisions/023-deposit-mode.md). */
export async function readWalletSettings(db: ControlDb): Promise<WalletSettings> {
  const s = await readSettings(db, [
    "withdraw_daily_cap_cents",
    "deposit_min_cents",
    "deposit_max_cents",
    "kefu_url",
    "deposit_mode",
    "deposit_payees",
    "coin_payouts",
  ]);
  return {
    dailyCapCents: s.withdraw_daily_cap_cents,
    depositMinCents: s.deposit_min_cents,
    depositMaxCents: s.deposit_max_cents,
    supportUrl: s.kefu_url,
    depositMode: s.deposit_mode === "contact" ? "contact" : "request",
    payees: s.deposit_payees,
    coinPayouts: s.coin_payouts,
  };
}
