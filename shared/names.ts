import { LEVEL_KEYS } from "./players/levels";

// The names the player's screens and the console both give a player's things (docs/decisions/201): one wording,
// read from the same catalogue keys on both sides, so an operator on the phone with a player says what the player
// reads ("VIP 1 · Bronze", "USDT address"), never a wording of the console's own ("Level 1", "USDT").

/** A catalogue lookup (i18next's `t`): keys here name their namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The payout account type of a bank card (bank_cards.type); any other type is a coin. */
const BANK_ACCOUNT_TYPE = "Bank";

/** A VIP level as the player's badge writes it: "VIP 3 · Gold". */
export function vipLevelName(t: Translate, level: number): string {
  const key = LEVEL_KEYS[Math.min(Math.max(level, 1), LEVEL_KEYS.length) - 1];
  return t("common:vip", { level, name: t(`common:levels.${key}`) });
}

/** A coin's network as the player's accounts name it: "ERC20 (Ethereum)", "Bitcoin"; an unknown one as stored. */
export function networkName(t: Translate, network: string): string {
  return t(`wallet:bankadd.networks.${network}`, { defaultValue: network });
}

/** A payout account's type as the player's accounts name it: "Bank card", or "USDT address" for a coin. */
export function accountTypeName(t: Translate, type: string): string {
  return type === BANK_ACCOUNT_TYPE ? t("wallet:accounts.bank") : t("wallet:accounts.coinAddress", { coin: type });
}
