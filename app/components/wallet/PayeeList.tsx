import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import type { DepositPayee } from "#shared/answers/wallet";
import { SupportCard } from "./SupportCard";

/** Copies one account number when the player taps the button; nothing else ever touches the clipboard. */
function CopyButton({ text, ariaLabel }: { text: string; ariaLabel: string }) {
  const { t } = useTranslation("wallet");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  // Without JavaScript the account stays selectable text (user-select: all), so no button is shown.
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className="button small secondary copy-button"
      aria-label={ariaLabel}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? t("payees.copied") : t("payees.copy")}
    </button>
  );
}

/** Where the player sends a deposit before filing the request (the operator's settings). */
export function PayeeList({
  payees,
  reference,
  supportUrl,
}: {
  payees: DepositPayee[];
  /** what the player writes on the transfer (their username), so an operator can match it */
  reference: string;
  supportUrl: string;
}) {
  const { t } = useTranslation("wallet");
  // No account set by the operator: the player learns where to pay from support, never from a bare form.
  if (payees.length === 0)
    return (
      <div data-testid="no-payees">
        <SupportCard url={supportUrl} message={t("payees.none")} />
      </div>
    );
  return (
    <section className="wallet-card payees" aria-labelledby="payees-title">
      <h2 id="payees-title" className="wallet-card-title">
        {t("payees.title")}
      </h2>
      <p className="hint">{t("payees.hint")}</p>
      <ul className="payee-list">
        {payees.map((p, i) => (
          <li key={i} className="payee" data-testid="payee">
            <div className="payee-name">
              <strong>{p.name}</strong>{" "}
              <span className="muted">{p.type === "bank" ? t("payees.bank") : t("payees.wallet")}</span>
            </div>
            <div className="muted">{t("payees.holder", { name: p.holder })}</div>
            <div className="payee-account">
              <code className="selectable" translate="no" data-account-number>
                {p.account}
              </code>
              <CopyButton text={p.account} ariaLabel={t("payees.copyLabel", { name: p.name })} />
            </div>
          </li>
        ))}
      </ul>
      <p className="payee-reference" data-testid="deposit-reference">
        {t("payees.reference")} <code className="selectable">{reference}</code>
        <CopyButton text={reference} ariaLabel={t("payees.copyReference")} />
      </p>
    </section>
  );
}
