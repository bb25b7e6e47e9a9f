import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Card } from "#shared/answers/wallet";
import { AccountCard } from "./AccountCard";

/**
 * Radio buttons styled as account cards (name="bank_id", the contract's field); the first is chosen. `onChoose`
 * hears the account chosen: at once when the chooser appears (the one picked before the page became interactive
 * stays picked, and is the one it hears), then on every change.
 */
export function CardChooser({
  cards,
  defaultId,
  error,
  onChoose,
}: {
  cards: Card[];
  defaultId?: string;
  error?: string | null;
  /** a setState function, or one as stable */
  onChoose?: (id: string) => void;
}) {
  const { t } = useTranslation("wallet");
  const chosen = cards.some((c) => String(c.id) === defaultId) ? defaultId : String(cards[0]?.id ?? "");
  const chooser = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const picked = chooser.current?.querySelector<HTMLInputElement>('input[name="bank_id"]:checked');
    if (picked) onChoose?.(picked.value);
  }, [onChoose]);
  return (
    <fieldset
      ref={chooser}
      className={`card-chooser${error ? " field-invalid" : ""}`}
      aria-describedby={error ? "bank_id-error" : undefined}
    >
      <legend className="visually-hidden">{t("withdraw.to")}</legend>
      {cards.map((card) => (
        <label key={card.id} className="choice">
          <input
            type="radio"
            name="bank_id"
            value={card.id}
            defaultChecked={String(card.id) === chosen}
            onChange={(e) => onChoose?.(e.currentTarget.value)}
          />
          <AccountCard card={card}>
            <span className="choice-mark" aria-hidden="true" />
          </AccountCard>
        </label>
      ))}
      {error ? (
        <span className="field-error" id="bank_id-error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
