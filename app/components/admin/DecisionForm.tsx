import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REJECT_PRESETS } from "~/lib/request-notes";

/**
 * Approve, or reject with a preset reason (required: the player reads it, in their language) and a
 * note that stays in the console (shared/request-reasons.ts), one request of a queue; the operator who
 * asked for an adjustment can cancel it instead. Each asks for a confirm step first
 * (app/lib/console-confirm.server.ts).
 */
export function DecisionForm({
  kind,
  id,
  own = false,
  refusal,
}: {
  kind: "deposit" | "withdrawal" | "adjustment";
  id: number;
  own?: boolean;
  /** why this operator may not approve it, said before they try (docs/decisions/061); rejecting stays open */
  refusal?: string;
}) {
  const { t } = useTranslation("admin");
  if (own) {
    return (
      <Form method="post" className="decision">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <span className="muted">{t("approvals.ownRequest")}</span>
        <button className="button small secondary" type="submit" name="decision" value="cancel">
          {t("approvals.cancel")}
        </button>
      </Form>
    );
  }
  return (
    <div className="decision">
      {refusal ? (
        <p className="muted" data-testid="may-not-approve">
          {refusal}
        </p>
      ) : (
        <Form method="post">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="decision" value="approve" />
          <button className="button small" type="submit">
            {t("approvals.approve")}
          </button>
        </Form>
      )}
      <Form method="post" className="reject">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="decision" value="reject" />
        {kind === "adjustment" ? null : (
          <>
            <select name="preset" aria-label={t("approvals.preset")} defaultValue="" required>
              <option value="" disabled>
                {t("approvals.presetChoose")}
              </option>
              {REJECT_PRESETS.map((key) => (
                <option key={key} value={key}>
                  {t(`common:presets.${key}`)}
                </option>
              ))}
            </select>
            <input
              name="note"
              aria-label={t("approvals.internalNote")}
              placeholder={t("approvals.internalNote")}
              maxLength={200}
            />
          </>
        )}
        <button className="button small secondary" type="submit">
          {t("approvals.reject")}
        </button>
      </Form>
    </div>
  );
}
