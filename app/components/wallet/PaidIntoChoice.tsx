import { useTranslation } from "react-i18next";
import type { DepositPayee } from "#shared/answers/wallet";

/**
 * Which of the listed deposit accounts the player paid into: one radio per account, the choice
 * posted as its account number or address (the server checks it is still listed, docs/decisions/140).
 */
export function PaidIntoChoice({
  payees,
  chosen,
  error,
}: {
  payees: DepositPayee[];
  chosen: string;
  error: string | null;
}) {
  const { t } = useTranslation("wallet");
  if (payees.length === 0) return null;
  const selected = payees.some((p) => p.account === chosen) ? chosen : payees.length === 1 ? payees[0].account : "";
  return (
    <fieldset
      className={`field paid-into${error ? " field-invalid" : ""}`}
      aria-describedby={error ? "payee-error" : undefined}
    >
      <legend className="field-label">{t("recharge.paidInto")}</legend>
      <span className="hint">{t("recharge.paidIntoHint")}</span>
      {payees.map((p) => (
        <label key={p.account} className="paid-into-option">
          <input type="radio" name="payee" value={p.account} defaultChecked={p.account === selected} />
          <span>
            <strong>{p.name}</strong>{" "}
            <code translate="no" data-account-number>
              {p.account}
            </code>
          </span>
        </label>
      ))}
      {error ? (
        <span className="field-error" id="payee-error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
