import { useTranslation } from "react-i18next";
import { FieldError, useFieldError } from "~/components/admin/FieldError";
import type { ConsoleSettings } from "#shared/answers/console-operators";
import { useTypedBack } from "./use-typed-back";

type Payee = ConsoleSettings["payees"][number];
const PAYEE_ROWS = 5;

/** The accounts players deposit to: the saved ones, then empty rows up to five (a blank row is no account). */
export function PayeeFields({ payees }: { payees: Payee[] }) {
  const { t } = useTranslation("admin");
  const error = useFieldError();
  const back = useTypedBack();
  const rows = [...payees, ...Array(Math.max(0, PAYEE_ROWS - payees.length)).fill(null)] as (Payee | null)[];
  return (
    <section className="admin-card settings-group" aria-labelledby="settings-3" id="deposit-accounts">
      <h2 id="settings-3">{t("settings.payees")}</h2>
      <p className="muted">{t("settings.payeesHint")}</p>
      <FieldError message={error("payees")} name="payees" />
      {rows.map((p, i) => (
        <div key={i} className="payee-row" role="group" aria-label={t("settings.payeeN", { n: i + 1 })}>
          <select
            name="payee_type"
            defaultValue={back("payee_type", p?.type ?? "bank", i)}
            aria-label={t("settings.payeeType")}
          >
            <option value="bank">{t("settings.bank")}</option>
            <option value="wallet">{t("settings.wallet")}</option>
          </select>
          <input
            name="payee_name"
            defaultValue={back("payee_name", p?.name ?? "", i)}
            placeholder={t("settings.payeeName")}
            aria-label={t("settings.payeeName")}
          />
          <input
            name="payee_holder"
            defaultValue={back("payee_holder", p?.holder ?? "", i)}
            placeholder={t("settings.payeeHolder")}
            aria-label={t("settings.payeeHolder")}
          />
          <input
            name="payee_account"
            defaultValue={back("payee_account", p?.account ?? "", i)}
            placeholder={t("settings.payeeAccount")}
            aria-label={t("settings.payeeAccount")}
          />
        </div>
      ))}
    </section>
  );
}
