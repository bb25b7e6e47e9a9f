import { Form } from "@remix-run/react";
import { useConsoleAnswer } from "~/lib/console-answer";
import { useTranslation } from "react-i18next";
import { rejectPresetsOf } from "#shared/request-reasons";
import { FieldError, invalidProps, useFieldError } from "./FieldError";

/**
 * Approve, or reject with a preset reason (required: the player reads it, in their language) and a
 * note that stays in the console (shared/request-reasons.ts), one request of a queue; the operator who
 * asked for an adjustment can withdraw it instead. Each asks for a confirm step first
 * (app/lib/console-confirm.server.ts). A withdrawal is approved with the payout's reference (the bank
 * transfer's id or the transaction hash), which the player then reads. After the step's "Go back" or a
 * refusal, the form of that request keeps what was typed.
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
  const answer = useConsoleAnswer();
  const fieldError = useFieldError();
  // what was typed comes back to the form of the request it was typed for, not to every card
  const mine = answer?.typed?.kind === kind && answer.typed.id === String(id);
  const typed = mine ? (answer?.typed ?? {}) : {};
  const refError = mine ? fieldError("payout_ref") : null;
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
        <Form method="post" className="approve">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="decision" value="approve" />
          {kind === "withdrawal" ? (
            <label className="field payout-ref">
              <span className="field-label">{t("approvals.payoutRef")}</span>
              <input
                name="payout_ref"
                required
                minLength={4}
                maxLength={128}
                autoComplete="off"
                defaultValue={typed.payout_ref}
                {...invalidProps(refError, `payout_ref-${id}`)}
              />
              <FieldError message={refError} name={`payout_ref-${id}`} />
            </label>
          ) : null}
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
            <select
              key={typed.preset ?? ""}
              name="preset"
              aria-label={t("approvals.preset")}
              defaultValue={typed.preset ?? ""}
              required
            >
              <option value="" disabled>
                {t("approvals.presetChoose")}
              </option>
              {rejectPresetsOf(kind).map((key) => (
                <option key={key} value={key}>
                  {t(`common:presets.${key}`)}
                </option>
              ))}
            </select>
            <input
              name="note"
              defaultValue={typed.note}
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
