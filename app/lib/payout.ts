import { coinAmount, isPayoutCoin, type CoinAmount, type CoinPayouts } from "#shared/payouts";
import { formatDecimal } from "./number-format";
import type { PayoutCard } from "#shared/answers/console-wallet";

// Where a withdrawal goes and what to send, in the words the approval card and its confirm step both use:
// an operator pays from these lines, so they name everything a bank or a wallet asks for.

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "Tran Thi Lan · Vietcombank · Hoan Kiem branch · 0123456789", or "USDT · TRC20（波场） · T…(the whole address)". */
export function payoutDestination(t: Translate, card: PayoutCard | undefined): string {
  return payoutDestinationParts(t, card)
    .map((part) => part.text)
    .join(" · ");
}

/** The destination's parts, the network's name marked `whole`: a card shows it on one line ("以太坊" never split). */
export function payoutDestinationParts(
  t: Translate,
  card: PayoutCard | undefined,
): Array<{ text: string; whole?: boolean }> {
  if (!card) return [{ text: "—" }];
  if (card.type === "Bank")
    return [card.username, card.bank, card.area, card.account]
      .filter((part): part is string => Boolean(part && part.trim()))
      .map((text) => ({ text }));
  // an address bound before networks were recorded says so in a sentence, which wraps as any other
  const network = card.network
    ? { text: t(`wallet:bankadd.networks.${card.network}`, { defaultValue: card.network }), whole: true }
    : { text: t("approvals.networkUnknown") };
  return [{ text: card.type }, network, { text: card.address }];
}

/** The coins to send for a coin withdrawal at the set rate and fee; null for a bank account or an unset rate. */
export function payoutCoins(
  card: PayoutCard | undefined,
  money: number,
  rates: CoinPayouts,
  /** the coins quoted when the request was asked (docs/decisions/174): what the player was told, so what is paid */
  quoted?: CoinAmount | null,
): CoinAmount | null {
  if (quoted) return quoted;
  if (!card || !isPayoutCoin(card.type)) return null;
  return coinAmount(card.type, Math.round(money * 100), rates[card.type]);
}

const coinText = (value: string, coin: string) => `${formatDecimal(Number(value), 2, 8)} ${coin}`;

/**
 * What a coin withdrawal pays, in the player's words: "You receive 99.30 USDT (100.00 USD at 0.998 USDT per
 * USD, less a network fee of 0.50 USDT)", or why there is no figure; null for a bank account.
 */
export function playerCoinLine(
  t: Translate,
  coin: string | null,
  amount: string,
  currency: string,
  coins: CoinAmount | null,
): string | null {
  if (!coin || !isPayoutCoin(coin)) return null;
  if (!coins) return t("wallet:withdraw.coinRateMissing", { coin });
  return t(coins.covers ? "wallet:withdraw.coinPays" : "wallet:withdraw.coinFeeTooHigh", {
    net: coinText(coins.net, coins.coin),
    amount,
    rate: coins.rate,
    coin: coins.coin,
    currency,
    fee: coinText(coins.fee, coins.coin),
  });
}

/**
 * "198.10 USDT (200.00 USD at 0.998 USDT per USD, less a network fee of 1.50 USDT)", or why there is no figure:
 * the rate with its units, as the player reads it (playerCoinLine).
 */
export function payoutCoinLine(
  t: Translate,
  card: PayoutCard | undefined,
  amount: string,
  coins: CoinAmount | null,
  currency: string,
) {
  if (!card || card.type === "Bank") return null;
  if (!coins) return t("approvals.coinRateMissing", { coin: card.type });
  return t(coins.covers ? "approvals.coinSend" : "approvals.coinFeeTooHigh", {
    send: coinText(coins.net, coins.coin),
    amount,
    rate: coins.rate,
    coin: coins.coin,
    currency,
    fee: coinText(coins.fee, coins.coin),
  });
}
