import { useTranslation } from "react-i18next";
import { coinAmount, isPayoutCoin, type CoinPayouts } from "#shared/payouts";
import { quoteFields } from "~/lib/coin-quote";
import { useAppConfig } from "~/lib/root-data";
import { formatDecimal } from "~/lib/number-format";
import { playerCoinLine } from "~/lib/payout";
import type { Card } from "#shared/answers/wallet";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Before the player confirms a withdrawal to a coin address: the coins it pays at the approved rate and network
 * fee (shared/payouts.ts, the same sum the request then keeps), for the account chosen and the amount typed. The
 * rate and fee of every coin account go with the form (app/lib/coin-quote.ts), so the request carries those of the
 * account chosen, and one whose terms have moved since is refused rather than kept at terms the player never read
 * (docs/decisions/189). A page whose rates did not load says so instead of a figure (docs/decisions/185).
 */
export function CoinPayoutPreview({
  cards,
  bankId,
  money,
  rates,
}: {
  cards: Card[];
  bankId: string;
  money: string;
  rates: CoinPayouts | undefined;
}) {
  const { t } = useTranslation("wallet");
  const { currency } = useAppConfig();
  const card = chosenCard(cards, bankId);
  const coin = card && isPayoutCoin(card.type) ? card.type : null;
  const text = money.trim();
  const cents = AMOUNT.test(text) && Number(text) > 0 ? Math.round(Number(text) * 100) : null;
  return (
    <>
      {quoteFields(cards, rates).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {coin && !rates ? (
        <p className="form-error coin-payout" data-testid="coin-payout" role="alert">
          {t("withdraw.coinRateUnloaded", { coin })}
        </p>
      ) : coin && rates && cents !== null ? (
        <p className="hint coin-payout" data-testid="coin-payout" aria-live="polite">
          {playerCoinLine(
            t,
            coin,
            `${formatDecimal(cents / 100, 2, 2)} ${currency}`,
            currency,
            coinAmount(coin, cents, rates[coin]),
          )}
        </p>
      ) : null}
    </>
  );
}

/** The account the form sends: the one chosen, or the first (the chooser's default). */
const chosenCard = (cards: Card[], bankId: string) => cards.find((c) => String(c.id) === bankId) ?? cards[0];

/** A coin account is chosen and its rate could not be loaded: there is no figure to confirm. */
export const coinRateMissing = (cards: Card[], bankId: string, rates: CoinPayouts | undefined) => {
  const card = chosenCard(cards, bankId);
  return !rates && !!card && isPayoutCoin(card.type);
};
