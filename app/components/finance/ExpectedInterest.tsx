import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { interestPreview, typedCents, type InterestPreview } from "~/lib/finance-preview";

/**
 * What the amount in the form's money field earns, following what is typed: the server's figures first
 * (the amount sent, or the tier's least before any), then the field's own value as it changes, read from
 * the field itself so a value typed before the page's scripts ran counts too.
 */
export function ExpectedInterest({
  formId,
  initial,
  product,
  maturity,
}: {
  formId: string;
  initial: InterestPreview;
  product: { rate_ppm: number; days: number; min: number };
  maturity: number;
}) {
  const { t } = useTranslation("finance");
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    const field = document.getElementById(formId)?.querySelector<HTMLInputElement>('input[name="money"]');
    if (!field) return;
    const follow = () => {
      const cents = typedCents(field.value);
      setShown(interestPreview(cents ?? Math.round(product.min * 100), product));
    };
    if (field.value.trim() !== "") follow();
    field.addEventListener("input", follow);
    return () => field.removeEventListener("input", follow);
  }, [formId, product]);
  return (
    <p className="hint" data-testid="expected-interest" aria-live="polite">
      {t("transfer.expected", { days: shown.days })} <Money value={shown.money} />: <Money value={shown.perDay} />{" "}
      {t("transfer.aDay")} ·{" "}
      <strong>
        <Money value={shown.total} />
      </strong>{" "}
      {t("transfer.atMaturity")} <PlayerTime ms={maturity} zone />
    </p>
  );
}
