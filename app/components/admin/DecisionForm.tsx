import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Approve, or reject with a reason, one request of a queue. */
export function DecisionForm({ kind, id }: { kind: "deposit" | "withdrawal" | "adjustment"; id: number }) {
  const { t } = useTranslation("admin");
  return (
    <div className="decision">
      <Form method="post">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="decision" value="approve" />
        <button className="button small" type="submit">
          {t("approvals.approve")}
        </button>
      </Form>
      <Form method="post" className="reject">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="decision" value="reject" />
        {kind === "adjustment" ? null : <input name="note" aria-label={t("approvals.note")} placeholder={t("approvals.note")} required maxLength={200} />}
        <button className="button small secondary" type="submit">
          {t("approvals.reject")}
        </button>
      </Form>
    </div>
  );
}
