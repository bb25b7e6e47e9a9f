import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * A confirm step rendered from the URL (?confirm=...), so it works without JavaScript:
 * "Cancel" links back, "Confirm" posts the form to `action`.
 */
export function ConfirmDialog({
  message,
  action,
  cancelTo,
  intent,
}: {
  message: string;
  action: string;
  cancelTo: string;
  intent?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-message">
        <p id="confirm-message">{message}</p>
        <Form method="post" action={action} className="buttons">
          <Link className="button secondary" to={cancelTo} replace>
            {t("cancel")}
          </Link>
          <button className="button" type="submit" name="intent" value={intent ?? "confirm"} autoFocus>
            {t("confirm")}
          </button>
        </Form>
      </div>
    </div>
  );
}
