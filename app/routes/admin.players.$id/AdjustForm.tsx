import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { ADJUSTMENT_TEXTS, type AdjustmentText } from "#shared/adjustments";
import type { Typed } from "~/lib/answers/console";

// The preset texts by the sign they fit, each listed once: a correction fits either sign and has its own group.
const TEXT_GROUPS = (["credit", "debit", "either"] as const).map(
  (fits) =>
    [fits, (Object.keys(ADJUSTMENT_TEXTS) as AdjustmentText[]).filter((k) => ADJUSTMENT_TEXTS[k] === fits)] as const,
);

/** A credit or debit: the amount, the preset text the player reads and the internal note (checked in action.server.ts). */
export function AdjustForm({ requestId, typed }: { requestId: string; typed?: Typed }) {
  const { t } = useTranslation("admin");
  const fieldError = useFieldError();
  return (
    <section className="admin-section">
      <h2>{t("player.adjust")}</h2>
      {/* keyed by the request key: after a success the page has a new key and the form comes back empty */}
      <Form method="post" className="form" key={requestId}>
        <input type="hidden" name="intent" value="adjust" />
        <input type="hidden" name="request_id" value={requestId} />
        <label className="field">
          <span className="field-label">{t("player.amount")}</span>
          <input
            name="money"
            inputMode="decimal"
            required
            defaultValue={typed?.money}
            {...invalidProps(fieldError("money"), "money")}
          />
          <FieldError message={fieldError("money")} name="money" />
        </label>
        <label className="field">
          <span className="field-label">{t("player.playerText")}</span>
          {/* keyed by what comes back: a select takes a new default value only when it is made again */}
          <select
            key={typed?.text ?? ""}
            name="text"
            required
            defaultValue={typed?.text ?? ""}
            {...invalidProps(fieldError("text"), "text")}
          >
            <option value="" disabled>
              {t("player.playerTextChoose")}
            </option>
            {TEXT_GROUPS.map(([group, texts]) => (
              <optgroup key={group} label={t(`player.playerTextFor.${group}`)}>
                {texts.map((key) => (
                  <option key={key} value={key}>
                    {t(`wallet:adjustmentTexts.${key}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldError message={fieldError("text")} name="text" />
          <span className="hint">{t("player.playerTextHint")}</span>
        </label>
        <label className="field">
          <span className="field-label">{t("player.internalNote")}</span>
          <input
            name="reason"
            required
            maxLength={200}
            defaultValue={typed?.reason}
            {...invalidProps(fieldError("reason"), "reason")}
          />
          <FieldError message={fieldError("reason")} name="reason" />
          <span className="hint">{t("player.internalNoteHint")}</span>
        </label>
        <button className="button" type="submit">
          {t("player.adjustSubmit")}
        </button>
      </Form>
    </section>
  );
}
