import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useKeepTypedValue } from "~/lib/use-hydrated";
import { formatMoney, parseStake } from "~/lib/game";
import { formatDecimal } from "~/lib/number-format";

/** The quick amounts of docs/product.md#constants-and-limits. */
const QUICK_AMOUNTS = [100, 500, 2000, 5000];

type Props = {
  amount: string;
  onAmount: (value: string) => void;
  picks: number;
  open: boolean;
  error: string | null;
  busy: boolean;
  /** Quick amounts need JavaScript; without it they are left out rather than shown dead. */
  quick: boolean;
  /** the site's currency, written after the order's total */
  currency: string;
};

/** Amount per option, the order's total and the buy button; sits at the bottom of the bet form. */
export function BetSlip({ amount, onAmount, picks, open, error, busy, quick, currency }: Props) {
  const { t } = useTranslation("game");
  const inputId = useId();
  const cleanAmount = (value: string) => value.replace(/[^\d]/g, "").slice(0, 9);
  useKeepTypedValue(inputId, (typed) => onAmount(cleanAmount(typed)));
  const stake = parseStake(amount);
  const total = stake === null ? 0 : stake * picks;
  return (
    <div className="bet-slip">
      {quick ? (
        <div className="quick-amounts" role="group" aria-label={t("order.quick")}>
          {QUICK_AMOUNTS.map((value) => (
            <button
              key={value}
              type="button"
              className={`chip-button${amount === String(value) ? " active" : ""}`}
              onClick={() => onAmount(String(value))}
            >
              {formatDecimal(value, 0, 0)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="slip-row">
        <label className="amount-field">
          <span className="visually-hidden">{t("order.amount")}</span>
          <input
            id={inputId}
            name="amount"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            placeholder={t("order.amountPlaceholder")}
            value={amount}
            onChange={(event) => onAmount(cleanAmount(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "amount-error" : "slip-summary"}
          />
        </label>
        <button type="submit" name="intent" value="review" className="button buy" disabled={!open || busy}>
          {open ? t("order.buy") : t("order.stopped")}
        </button>
      </div>
      {error ? (
        <p className="field-error" id="amount-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="slip-summary muted" id="slip-summary">
          {t("order.summary", { count: picks, total: `${formatMoney(total)} ${currency}` })}
        </p>
      )}
    </div>
  );
}
