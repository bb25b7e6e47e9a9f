import { useTranslation } from "react-i18next";
import type { Card } from "#shared/answers/wallet";
import { AccountCard } from "./AccountCard";

/** Radio buttons styled as account cards (name="bank_id", the contract's field); the first is chosen. */
export function CardChooser({ cards, defaultId, error }: { cards: Card[]; defaultId?: string; error?: string | null }) {
  const { t } = useTranslation("wallet");
  const chosen = cards.some((c) => String(c.id) === defaultId) ? defaultId : String(cards[0]?.id ?? "");
  return (
    <fieldset
      className={`card-chooser${error ? " field-invalid" : ""}`}
      aria-describedby={error ? "bank_id-error" : undefined}
    >
      <legend className="visually-hidden">{t("withdraw.to")}</legend>
      {cards.map((card) => (
        <label key={card.id} className="choice">
          <input type="radio" name="bank_id" value={card.id} defaultChecked={String(card.id) === chosen} />
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
