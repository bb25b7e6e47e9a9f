import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ConfirmStep } from "~/lib/console-confirm.server";

/**
 * The second step of a console action (app/lib/console-confirm.server.ts): what will happen, in
 * words, with Confirm (posting the same fields again) and Cancel (back to the page, nothing done).
 */
export function ConfirmPanel() {
  const result = useActionData<{ confirm?: ConfirmStep | null }>();
  const location = useLocation();
  const { t } = useTranslation("admin");
  const step = result?.confirm;
  if (!step) return null;
  return (
    <div className="dialog-backdrop">
      <section
        className="dialog confirm-panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        data-testid="confirm-panel"
      >
        <h2 id="confirm-title">{t("confirm.title")}</h2>
        <p id="confirm-message">{step.message}</p>
        {step.warning ? (
          <p className="form-error" role="alert">
            {step.warning}
          </p>
        ) : null}
        <Form method="post">
          {step.fields.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          {step.tick ? (
            <label className="check">
              <input type="checkbox" name="repeat_ok" value="yes" required /> {step.tick}
            </label>
          ) : null}
          <div className="buttons">
            <Link className="button secondary" to={location.pathname + location.search} replace>
              {t("confirm.cancel")}
            </Link>
            <button className="button" type="submit" autoFocus>
              {step.button}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
