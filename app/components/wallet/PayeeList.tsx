import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import type { DepositPayee } from "~/lib/wallet-types";

/** Copies one account number when the player taps the button; nothing else ever touches the clipboard. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("wallet");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  // Without JavaScript the account stays selectable text (user-select: all), so no button is shown.
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className="button small secondary copy-button"
      aria-label={t("payees.copyLabel", { name: label })}
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
export function PayeeList({ payees }: { payees: DepositPayee[] }) {
  const { t } = useTranslation("wallet");
  if (payees.length === 0) return null;
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
              <code className="selectable">{p.account}</code>
              <CopyButton text={p.account} label={p.name} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
