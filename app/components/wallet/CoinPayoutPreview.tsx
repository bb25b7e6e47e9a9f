import { useTranslation } from "react-i18next";
import { coinAmount, isPayoutCoin, type CoinPayouts } from "#shared/payouts";
import { useAppConfig } from "~/lib/root-data";
import { formatDecimal } from "~/lib/number-format";
import { playerCoinLine } from "~/lib/payout";
import type { Card } from "#shared/answers/wallet";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Before the player confirms a withdrawal to a coin address: the coins it pays at the approved rate and network
 * fee (shared/payouts.ts, the same sum the request then keeps), for the account chosen and the amount typed.
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
  const text = money.trim();
  if (!rates || !card || !isPayoutCoin(card.type) || !AMOUNT.test(text) || Number(text) <= 0) return null;
  const cents = Math.round(Number(text) * 100);
  const line = playerCoinLine(
    t,
    card.type,
    `${formatDecimal(cents / 100, 2, 2)} ${currency}`,
    currency,
    coinAmount(card.type, cents, rates[card.type]),
  );
  return (
    <p className="hint coin-payout" data-testid="coin-payout" aria-live="polite">
      {line}
    </p>
  );
}
