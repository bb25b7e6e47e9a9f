import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Players may ask to deposit but no account to pay into is set: they would be asked to send money with
 * nowhere to send it. Shown on the approvals and on the settings, where it is fixed.
 */
export function NoDepositAccount({ onSettings = false }: { onSettings?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <p className="notice danger" role="alert" data-testid="no-deposit-account">
      <strong>{t("approvals.noDepositAccount")}</strong> {t("approvals.noDepositAccountHint")}{" "}
      {onSettings ? null : <Link to="/admin/settings#deposit-accounts">{t("approvals.noDepositAccountFix")}</Link>}
    </p>
  );
}
