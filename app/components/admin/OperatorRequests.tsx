import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerTime } from "~/components/PlayerTime";
import type { OperatorRequest } from "#shared/answers/console-operators";

/** The decision the confirm step names: what, who asked, and whether it is the asker withdrawing it. */
export type Decision = {
  intent: "approve" | "reject";
  id: string;
  what: string;
  by: string;
  username: string;
  own: boolean;
};

/** What a request asks, in words: the operator, and the role where it has one. */
function useWhat() {
  const { t } = useTranslation("admin");
  return (r: OperatorRequest) =>
    t(`operators.kind.${r.kind}`, {
      name: r.operator,
      role: r.role ? t(`roles.${r.role}`) : "",
      from: r.currentRole ? t(`roles.${r.currentRole}`) : t("operators.noRole"),
    });
}

/**
 * The requests that wait for a second admin, each with who asked. One the reader may not approve says why
 * before they try (docs/decisions/060-operator-sign-in.md): they asked for it (they may withdraw it), it is
 * about them, or the new operator has not enrolled yet.
 */
/**
 * Requests about operators waiting for a second admin, with who asked and, where this admin may not
 * decide, why. On the approvals screen the forms post to the operators screen, whose confirm step
 * decides them (`action`).
 */
export function OperatorRequests({
  requests,
  myId,
  action,
}: {
  requests: OperatorRequest[];
  myId: number;
  action?: string;
}) {
  const { t } = useTranslation("admin");
  const what = useWhat();
  return (
    <section className="admin-section" aria-labelledby="operator-requests">
      <h2 id="operator-requests">{t("operators.requests")}</h2>
      {requests.length === 0 ? <p className="muted">{t("operators.requestsNone")}</p> : null}
      {requests.map((r) => {
        const own = r.requestedById === myId;
        const why = own
          ? t("operators.whyYours")
          : r.operatorId === myId
            ? t("operators.whyAboutYou")
            : (r.kind === "create" || r.kind === "enable") && !r.enrolled
              ? t("operators.whyNotEnrolled")
              : (r.kind === "create" || r.kind === "enable") && r.codeHandedById === myId
                ? t("operators.whyCodeHanded")
                : null;
        const hidden = (intent: Decision["intent"]) => (
          <>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={r.id} />
            <input type="hidden" name="what" value={what(r)} />
            <input type="hidden" name="by" value={r.requestedBy} />
            <input type="hidden" name="username" value={r.operator} />
            {own ? <input type="hidden" name="own" value="yes" /> : null}
          </>
        );
        return (
          <article key={r.id} className="admin-card" data-testid={`operator-request-${r.id}`}>
            <strong>{what(r)}</strong>
            <div className="muted">
              <PlayerTime ms={r.createdAtMs} zone /> · {t("operators.askedBy", { name: r.requestedBy })}
            </div>
            {why ? <p className="muted">{why}</p> : null}
            <div className="admin-actions">
              {why ? null : (
                <Form method="post" action={action}>
                  {hidden("approve")}
                  <button className="button small" type="submit">
                    {t("operators.approve")}
                  </button>
                </Form>
              )}
              {r.operatorId === myId ? null : (
                <Form method="post" action={action}>
                  {hidden("reject")}
                  <button className="button small secondary" type="submit">
                    {own ? t("operators.withdraw") : t("operators.reject")}
                  </button>
                </Form>
              )}
            </div>
          </article>
        );
      })}
    </section>
  );
}

/** The second step of a decision: what it approves or refuses, who asked, and the one button that does it. */
export function ConfirmDecision({ decision }: { decision: Decision }) {
  const { t } = useTranslation("admin");
  const text = decision.own
    ? t("operators.confirmWithdraw", { what: decision.what })
    : t(decision.intent === "approve" ? "operators.confirmApprove" : "operators.confirmReject", {
        what: decision.what,
        by: decision.by,
      });
  return (
    <section className="admin-card confirm" role="alertdialog" aria-labelledby="confirm-decision">
      <p id="confirm-decision">{text}</p>
      <Form method="post" className="admin-actions">
        <input type="hidden" name="intent" value={decision.intent} />
        <input type="hidden" name="id" value={decision.id} />
        <input type="hidden" name="what" value={decision.what} />
        <input type="hidden" name="by" value={decision.by} />
        <input type="hidden" name="username" value={decision.username} />
        {decision.own ? <input type="hidden" name="own" value="yes" /> : null}
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

/** An enrolment code, shown once to hand over, with where it is used and until when. */
export function EnrolmentCode({
  title,
  lead,
  enrolment,
}: {
  title: string;
  lead: string;
  enrolment: { code: string; expiresAtMs: number };
}) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-card" role="status" aria-labelledby="enrolment-code">
      <h2 id="enrolment-code">{title}</h2>
      <p>
        {lead}{" "}
        <code className="secret" data-testid="enrolment-code">
          {enrolment.code}
        </code>{" "}
        <span className="muted">
          (<PlayerTime ms={enrolment.expiresAtMs} zone />)
        </span>
      </p>
      <p className="muted">
        {t("operators.createdHint")} <Link to="/admin/enrol">{t("operators.enrolPage")}</Link>
      </p>
    </section>
  );
}
