import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

function IntentButton({ intent, label, secondary }: { intent: string; label: string; secondary?: boolean }) {
  return (
    <Form method="post">
      <button className={`button small${secondary ? " secondary" : ""}`} type="submit" name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
}

/** Freeze or unfreeze, revoke the sessions, reset the password: each asks to be confirmed first (action.server.ts). */
export function PlayerActions({ frozen }: { frozen: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-actions">
      {frozen ? (
        <IntentButton intent="unfreeze" label={t("player.unfreeze")} />
      ) : (
        <IntentButton intent="freeze" label={t("player.freeze")} secondary />
      )}
      <IntentButton intent="revoke" label={t("player.revoke")} secondary />
      <IntentButton intent="reset" label={t("player.resetPassword")} secondary />
    </div>
  );
}
