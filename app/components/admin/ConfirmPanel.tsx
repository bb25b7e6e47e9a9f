import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useConsoleAnswer } from "~/lib/console-answer";

/**
 * The second step of a console action (app/lib/console-confirm.server.ts): what will happen, in
 * words, with Confirm (posting the same fields again) and "Go back" (posting them with confirmed=cancel:
 * nothing is done and the page's form comes back with what was typed, with or without JavaScript).
 * Confirm comes first in the form so Enter confirms; the grid shows "Go back" on the left. The way out
 * never reads like the action it sits beside ("Withdraw my request" on one's own request).
 */
export function ConfirmPanel() {
  const result = useConsoleAnswer();
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
          {step.tick ? (
            <label className="check">
              <input type="checkbox" name="repeat_ok" value="yes" required /> {step.tick}
            </label>
          ) : null}
          <div className="buttons">
            <button className="button confirm-go" type="submit" name="confirmed" value="yes" autoFocus>
              {step.button}
            </button>
            <button
              className="button secondary confirm-cancel"
              type="submit"
              name="confirmed"
              value="cancel"
              formNoValidate
            >
              {t("confirm.cancel")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
