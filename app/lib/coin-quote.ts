import { coinTermsOf, isPayoutCoin, type CoinPayouts } from "#shared/payouts";
import type { Card } from "#shared/answers/wallet";

// The coin terms a withdrawal form sends (docs/decisions/189): one set for each coin account on the page, named by
// the account, so the terms of the account actually chosen go with the request whether it was picked before the
// page became interactive, without JavaScript, or after (docs/decisions/185). A page whose rates did not load names
// the coin alone: no terms to confirm against, so the request is not sent on (1261).

const names = (accountId: number | string) => ({
  coin: `quote_coin_${accountId}`,
  rate: `quote_rate_${accountId}`,
  fee: `quote_fee_${accountId}`,
});

/** The hidden fields of a withdrawal form, [name, value]: each coin account's terms, or its coin alone when `rates` did not load. */
export function quoteFields(cards: Card[], rates: CoinPayouts | undefined): Array<[string, string]> {
  return cards.flatMap((card) => {
    if (!isPayoutCoin(card.type)) return [];
    const field = names(card.id);
    if (!rates) return [[field.coin, card.type]];
    const terms = coinTermsOf(card.type, rates);
    return [
      [field.coin, terms.coin],
      [field.rate, terms.rate],
      [field.fee, terms.fee],
    ];
  });
}

export type ChosenQuote =
  | { quote_coin: string; quote_rate: string; quote_fee: string }
  /** a coin account chosen on a page whose rates did not load */
  | "unloaded"
  /** a bank account, or a client that shows no figure */
  | null;

/** The terms a posted form showed for the account it chose (`bank_id`). */
export function chosenQuote(fields: Record<string, string | undefined>): ChosenQuote {
  const field = names(fields.bank_id ?? "");
  const coin = fields[field.coin];
  if (coin === undefined) return null;
  const rate = fields[field.rate];
  if (rate === undefined) return "unloaded";
  return { quote_coin: coin, quote_rate: rate, quote_fee: fields[field.fee] ?? "" };
}
