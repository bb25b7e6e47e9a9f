import type { ControlDb } from "../db/client";
import { inArray } from "drizzle-orm";
import { settings } from "../db/schema";
import type { CoinPayouts } from "#shared/payouts";
import type { DepositPayee } from "#shared/answers/wallet";

// Operator settings with the defaults a fresh database falls back to.
const settingDefaults = {
  // empty: the tab bar's Service opens the app's own support page until an operator sets a chat link
  kefu_url: "",
  // empty: the deployment's CURRENCY_LABEL; "USD" or "RM" once an operator chooses
  currency_label: "",
  android_url: "",
  ios_url: "",
  withdraw_daily_cap_cents: 5_000_000,
  deposit_min_cents: 1_000,
  // the largest deposit one request may ask for (1230), and above the threshold a second operator
  // approves it (docs/decisions/061-four-eyes-on-money.md); neither is edited in the console
  deposit_max_cents: 100_000_000,
  deposit_second_approval_cents: 1_000_000,
  // "contact": deposits go through support (2056) instead of requests (docs/decisions/023-deposit-mode.md)
  deposit_mode: "request" as "request" | "contact",
  // the accounts a player pays a deposit into, shown on /recharge (worker/settings/console.ts)
  deposit_payees: [] as DepositPayee[],
  // per payout coin, coins for one unit of money and the network fee in coins (shared/payouts.ts); none set: the
  // console says so on a coin withdrawal instead of an amount
  coin_payouts: {} as CoinPayouts,
  // an operator's credit or debit: never above the bound, and above the threshold a second operator approves
  adjust_max_cents: 10_000_000,
  adjust_second_approval_cents: 1_000_000,
  // what one operator may credit or debit alone, all players together, in a rolling 24 hours
  adjust_operator_daily_cents: 5_000_000,
  // the most one transfer-in into the open-ended top finance tier takes (shared/finance/rules.ts)
  finance_open_max_cents: 1_000_000_000,
  // odds whose highest return to player is above this (parts per million) are saved only once confirmed
  odds_confirm_rtp_ppm: 995_000,
  vip_thresholds_cents: [0, 100_000, 500_000, 2_000_000, 5_000_000, 10_000_000, 50_000_000, 100_000_000],
};

export type Settings = typeof settingDefaults;
export type SettingKey = keyof Settings;

export async function readSettings<K extends SettingKey>(db: ControlDb, keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const out = {} as Pick<Settings, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    out[key] = row ? parseOr(row.value, settingDefaults[key]) : settingDefaults[key];
  }
  return out;
}

/** A malformed value falls back to the default rather than breaking every page that reads it. */
function parseOr<T>(text: string, fallback: T): T {
  try {
    const value = JSON.parse(text);
    return typeof value === typeof fallback && Array.isArray(value) === Array.isArray(fallback) ? value : fallback;
  } catch {
    return fallback;
  }
}
