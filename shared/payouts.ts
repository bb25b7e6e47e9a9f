import { COIN_NETWORKS, type Coin } from "./coin-address";

// A withdrawal to a coin address is paid in the coin: the operator needs the coins to send, not the
// balance's money. The rate (coins for one unit of the balance's currency) and the network fee (coins,
// taken from what is sent) are settings an operator keeps current (docs/decisions/151-payouts-an-operator-can-carry-out.md);
// nothing here guesses a market price.

export const PAYOUT_COINS = Object.keys(COIN_NETWORKS) as Coin[];

/** Digits a coin amount is written and sent with. */
const COIN_DECIMALS: Record<Coin, number> = { USDT: 2, BTC: 8, ETH: 6 };

/** One coin's payout setting, as decimal strings: "0.998" coins a unit of money, "1.5" coins of fee. */
export type CoinPayout = { rate: string; fee: string };
export type CoinPayouts = Partial<Record<Coin, CoinPayout>>;

export const isPayoutCoin = (type: string): type is Coin => (PAYOUT_COINS as string[]).includes(type);

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/** A decimal string as an integer count of 10^-digits (truncated), or null when it is not a plain decimal. */
function units(text: string, digits: number): bigint | null {
  if (!DECIMAL.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole + fraction.slice(0, digits).padEnd(digits, "0"));
}

const RATE_DIGITS = 12;

/** A rate above zero and a fee of zero or more, each a plain decimal: a setting the console may save. */
export function validCoinPayout(p: CoinPayout): boolean {
  const rate = units(p.rate, RATE_DIGITS);
  const fee = units(p.fee, RATE_DIGITS);
  return rate !== null && rate > 0n && fee !== null;
}

export type CoinAmount = { coin: Coin; gross: string; fee: string; net: string; rate: string; covers: boolean };

/**
 * The coins a withdrawal of `amountCents` sends: amount x rate, less the network fee, rounded down to
 * the coin's digits (never more than the balance paid for). `covers` is false when the fee takes it all.
 */
export function coinAmount(coin: Coin, amountCents: number, p: CoinPayout | undefined): CoinAmount | null {
  if (!p || !validCoinPayout(p)) return null;
  const digits = COIN_DECIMALS[coin];
  const scale = 10n ** BigInt(digits);
  const rate = units(p.rate, RATE_DIGITS)!;
  const fee = units(p.fee, digits)!;
  const gross = (BigInt(amountCents) * rate * scale) / (100n * 10n ** BigInt(RATE_DIGITS));
  const net = gross - fee;
  const write = (n: bigint) => {
    const text = (n < 0n ? -n : n).toString().padStart(digits + 1, "0");
    return `${n < 0n ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
  };
  return {
    coin,
    gross: write(gross),
    fee: write(fee),
    net: write(net > 0n ? net : 0n),
    rate: p.rate,
    covers: net > 0n,
  };
}

/**
 * What a coin's figure is worked out from, as the withdrawal screen shows it: the coin, its approved rate and
 * network fee, or empty rate and fee while it has no usable rate ("no rate set yet"). The screen sends these back
 * with the request and the Worker refuses a request whose terms are no longer the approved ones (1260), so the
 * quote a request keeps is the one the player read (docs/decisions/189).
 */
export type CoinTerms = { coin: string; rate: string; fee: string };

export function coinTermsOf(coin: Coin, payouts: CoinPayouts | undefined): CoinTerms {
  const p = payouts?.[coin];
  return p && validCoinPayout(p) ? { coin, rate: p.rate, fee: p.fee } : { coin, rate: "", fee: "" };
}

export const sameCoinTerms = (a: CoinTerms, b: CoinTerms) => a.coin === b.coin && a.rate === b.rate && a.fee === b.fee;
