import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ActionResult } from "./change";
import { RoleSelect } from "./RoleSelect";

/** A new operator: name, email and role; a refused one comes back as typed. */
export function NewOperatorForm({ result }: { result?: ActionResult }) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-card" aria-labelledby="new-operator">
      <h2 id="new-operator">{t("operators.create")}</h2>
      {/* a new key after each creation empties the form for the next one */}
      <Form method="post" className="form" key={result?.created?.username ?? "new"}>
        <input type="hidden" name="intent" value="create" />
        <label className="field">
          <span className="field-label">{t("operators.username")}</span>
          <input
            name="username"
            defaultValue={result?.typed?.username}
            required
            minLength={3}
            maxLength={20}
            pattern="[A-Za-z0-9_]{3,20}"
            autoComplete="off"
            aria-describedby="username-hint"
          />
          <span id="username-hint" className="field-hint">
            {t("operators.usernameHint")}
          </span>
        </label>
        <label className="field">
          <span className="field-label">{t("operators.email")}</span>
          <input
            name="email"
            type="email"
            defaultValue={result?.typed?.email}
            autoComplete="off"
            maxLength={254}
            aria-describedby="email-hint"
          />
          <span id="email-hint" className="field-hint">
            {t("operators.emailHint")}
          </span>
        </label>
        <RoleSelect current={result?.typed?.role} />
        <button className="button small" type="submit">
          {t("operators.createSubmit")}
        </button>
      </Form>
    </section>
  );
}
