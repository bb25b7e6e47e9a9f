import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Change } from "./change";

/** The second step: what will happen, to whom, and the one button that does it. */
export function ConfirmChange({ change }: { change: Change }) {
  const { t } = useTranslation("admin");
  const text = {
    role: t("operators.confirmRole", { name: change.username, role: t(`roles.${change.role}`) }),
    disable: t("operators.confirmDisable", { name: change.username }),
    enable: t("operators.confirmEnable", { name: change.username }),
    reset: t("operators.confirmReset", { name: change.username }),
  }[change.intent];
  return (
    <section className="admin-card confirm" role="alertdialog" aria-labelledby="confirm-text">
      <p id="confirm-text">{text}</p>
      <Form method="post" className="admin-actions">
        <input type="hidden" name="intent" value={change.intent} />
        <input type="hidden" name="operatorId" value={change.operatorId} />
        <input type="hidden" name="username" value={change.username} />
        {change.role ? <input type="hidden" name="role" value={change.role} /> : null}
        <input type="hidden" name="confirmed" value="yes" />
        <button className="button small" type="submit">
          {t("operators.confirm")}
        </button>
        <Link className="button small secondary" to="/admin/operators">
          {t("operators.cancel")}
        </Link>
      </Form>
    </section>
  );
}
