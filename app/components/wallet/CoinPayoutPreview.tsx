import { useTranslation } from "react-i18next";
import { coinAmount, coinTermsOf, isPayoutCoin, type CoinPayouts } from "#shared/payouts";
import { useAppConfig } from "~/lib/root-data";
import { formatDecimal } from "~/lib/number-format";
import { playerCoinLine } from "~/lib/payout";
import type { Card } from "#shared/answers/wallet";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Before the player confirms a withdrawal to a coin address: the coins it pays at the approved rate and network
 * fee (shared/payouts.ts, the same sum the request then keeps), for the account chosen and the amount typed. The
 * rate and fee it shows go with the form, so a request whose terms have moved since is refused rather than kept at
 * terms the player never read (docs/decisions/189).
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
  const card = cards.find((c) => String(c.id) === bankId) ?? cards[0];
  if (!card || !isPayoutCoin(card.type)) return null;
  const terms = coinTermsOf(card.type, rates);
  const text = money.trim();
  const cents = AMOUNT.test(text) && Number(text) > 0 ? Math.round(Number(text) * 100) : null;
  return (
    <>
      <input type="hidden" name="quote_coin" value={terms.coin} />
      <input type="hidden" name="quote_rate" value={terms.rate} />
      <input type="hidden" name="quote_fee" value={terms.fee} />
      {rates && cents !== null ? (
        <p className="hint coin-payout" data-testid="coin-payout" aria-live="polite">
          {playerCoinLine(
            t,
            card.type,
            `${formatDecimal(cents / 100, 2, 2)} ${currency}`,
            currency,
            coinAmount(card.type, cents, rates[card.type]),
          )}
        </p>
      ) : null}
    </>
  );
}
