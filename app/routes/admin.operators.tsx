import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin, loadAdmin } from "~/lib/operator.server";
import { redirectWithToast } from "~/lib/flash.server";
import { ConfirmDecision, EnrolmentCode, OperatorRequests, type Decision } from "~/components/admin/OperatorRequests";
import { PLAYER_ZONE, playerTime } from "~/lib/player-time";
import { OPERATOR_ROLES, type OperatorRole } from "#shared/operators/roles";
import { TableScroll } from "~/components/admin/TableScroll";
import type { Operator } from "#shared/answers/console-operators";

export const handle = { title: "admin:operators.title" };

type Change = { intent: "role" | "disable" | "enable" | "reset"; operatorId: string; username: string; role?: string };
type Enrolment = { code: string; expiresAtMs: number };
type ActionResult = {
  error?: string;
  confirm?: Change;
  decide?: Decision;
  created?: { username: string; role: OperatorRole; enrolment: Enrolment };
  resetCode?: { username: string; enrolment: Enrolment };
  /** the refused new operator, typed again into the form (the page without JavaScript is new) */
  typed?: { username: string; role: string; email: string };
};

/** Operators, for admins only: the API answers 1174 to anyone else, which is a missing page here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ list }, me, requests] = await Promise.all([
    loadAdmin(request, context, "/api/admin/operators"),
    loadAdmin(request, context, "/api/admin/me"),
    loadAdmin(request, context, "/api/admin/operators/requests"),
  ]);
  return { list, myId: me.id, requests: requests.list };
}

const PATHS = {
  role: "/api/admin/operators/role",
  disable: "/api/admin/operators/disable",
  enable: "/api/admin/operators/enable",
  reset: "/api/admin/operators/reset-authenticator",
} as const;

/**
 * Create answers the enrolment code once, on this page and never again; so does an approved reset, to
 * the approving admin. A change to an operator, and a decision on a request, is two steps, without
 * JavaScript too: the first submit shows what will happen, naming the operator (and the role); only the
 * confirming submit (confirmed=yes) acts. What waits for a second admin says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  if (f.intent === "approve" || f.intent === "reject") {
    const decision: Decision = {
      intent: f.intent,
      id: f.id ?? "",
      what: f.what ?? "",
      by: f.by ?? "",
      username: f.username ?? "",
      own: f.own === "yes",
    };
    if (f.confirmed !== "yes") return data<ActionResult>({ decide: decision });
    const answer = await callAdmin(request, context, `/api/admin/operators/requests/${f.intent}`, { id: decision.id });
    if (answer.code !== 1) return data<ActionResult>({ error: answer.info }, { status: 400 });
    if (answer.data.enrolment)
      return data<ActionResult>({ resetCode: { username: f.username ?? "", enrolment: answer.data.enrolment } });
    return redirectWithToast(
      context,
      "/admin/operators",
      t(f.intent === "approve" ? "operators.approvedDone" : "operators.rejectedDone", { what: decision.what }),
    );
  }
  if (f.intent === "create") {
    const typed = { username: f.username ?? "", role: f.role ?? "", email: f.email ?? "" };
    const answer = await callAdmin(request, context, "/api/admin/operators/create", typed);
    if (answer.code !== 1) return data<ActionResult>({ error: answer.info, typed }, { status: 400 });
    return data<ActionResult>({ created: answer.data });
  }
  const intent = f.intent as Change["intent"];
  if (!(intent in PATHS)) return data<ActionResult>({ error: t("operators.unknownAction") }, { status: 400 });
  const change: Change = { intent, operatorId: f.operatorId ?? "", username: f.username ?? "", role: f.role };
  if (f.confirmed !== "yes") return data<ActionResult>({ confirm: change });
  const answer = await callAdmin(request, context, PATHS[intent], { operatorId: change.operatorId, role: change.role });
  if (answer.code !== 1) return data<ActionResult>({ error: answer.info }, { status: 400 });
  const done = { role: "operators.roleDone", disable: "operators.disabledDone" }[intent as "role" | "disable"];
  const message =
    answer.data.status === "pending"
      ? t("operators.asked")
      : t(done, { name: change.username, role: t(`roles.${change.role}`) });
  return redirectWithToast(context, "/admin/operators", message);
}

export default function Operators() {
  const { list, myId, requests } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const { t } = useTranslation("admin");
  // a create or an enable already waiting for a second admin: asking to enable again adds nothing
  const waiting = new Set(requests.filter((r) => r.kind === "create" || r.kind === "enable").map((r) => r.operatorId));
  return (
    <main className="admin-main">
      <h1>{t("operators.title")}</h1>
      <p className="muted">{t("operators.hint")}</p>
      {result?.error ? (
        <p className="form-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result?.confirm ? <ConfirmChange change={result.confirm} /> : null}
      {result?.decide ? <ConfirmDecision decision={result.decide} /> : null}
      {result?.created ? (
        <EnrolmentCode
          title={t("operators.created", { name: result.created.username, role: t(`roles.${result.created.role}`) })}
          lead={t("operators.enrolCode")}
          enrolment={result.created.enrolment}
        />
      ) : null}
      {result?.resetCode ? (
        <EnrolmentCode
          title={t("operators.resetDone", { name: result.resetCode.username })}
          lead={t("operators.resetCode", { name: result.resetCode.username })}
          enrolment={result.resetCode.enrolment}
        />
      ) : null}
      <OperatorRequests requests={requests} myId={myId} />
      <TableScroll label={t("operators.title")}>
        <table className="admin-table cards">
          <thead>
            <tr>
              <th scope="col">{t("operators.username")}</th>
              <th scope="col">{t("operators.role")}</th>
              <th scope="col">{t("operators.state")}</th>
              <th scope="col">{t("operators.lastSignIn", { zone: PLAYER_ZONE })}</th>
              <th scope="col">{t("operators.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((op) => (
              <tr key={op.id}>
                <th scope="row">
                  <Link to={`/admin/audit?target=${encodeURIComponent(`user:${op.id}`)}`}>{op.username}</Link>
                  {/* the brackets are the language's own: full-width in Chinese */}
                  {op.id === myId ? <span className="muted">{t("operators.you")}</span> : null}
                </th>
                <td data-label={t("operators.role")}>{op.role ? t(`roles.${op.role}`) : t("operators.noRole")}</td>
                <td data-label={t("operators.state")}>
                  <div className="cell">
                    {op.disabled ? t("operators.disabled") : t("operators.active")}
                    <br />
                    <span className="muted">{op.enrolled ? t("operators.enrolled") : t("operators.notEnrolled")}</span>
                  </div>
                </td>
                <td data-label={t("operators.lastSignIn", { zone: PLAYER_ZONE })}>
                  {op.lastSignInMs ? playerTime(op.lastSignInMs) : t("operators.never")}
                </td>
                {/* the actions speak for themselves: on a phone's card a column name above them says nothing */}
                {op.id === myId ? (
                  <td data-label={t("operators.actions")}>
                    <span className="muted">{t("operators.notYourself")}</span>
                  </td>
                ) : (
                  <td className="row-actions">
                    <OperatorActions op={op} waiting={waiting.has(op.id)} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
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
    </main>
  );
}

/** `quiet`: the row's Role cell already names it on screen, so the label is for screen readers only. */
function RoleSelect({ current, quiet = false }: { current?: string | null; quiet?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <label className="field">
      <span className={quiet ? "field-label visually-hidden" : "field-label"}>{t("operators.role")}</span>
      <select name="role" defaultValue={current ?? "viewer"}>
        {OPERATOR_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Only what the API would carry out: enabling waits for enrolment (approving it before is refused, 1233)
 * and is not asked twice; a reset needs an authenticator to reset.
 */
function OperatorActions({ op, waiting }: { op: Operator; waiting: boolean }) {
  const { t } = useTranslation("admin");
  const hidden = (intent: Change["intent"]) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="operatorId" value={op.id} />
      <input type="hidden" name="username" value={op.username} />
    </>
  );
  return (
    <div className="admin-actions">
      <Form method="post" className="inline-form">
        {hidden("role")}
        <RoleSelect current={op.role} quiet />
        <button className="button small secondary" type="submit">
          {t("operators.changeRole")}
        </button>
      </Form>
      {!op.disabled ? (
        <Form method="post">
          {hidden("disable")}
          <button className="button small secondary" type="submit">
            {t("operators.disable")}
          </button>
        </Form>
      ) : op.enrolled && !waiting ? (
        <Form method="post">
          {hidden("enable")}
          <button className="button small secondary" type="submit">
            {t("operators.enable")}
          </button>
        </Form>
      ) : null}
      {op.enrolled ? (
        <Form method="post">
          {hidden("reset")}
          <button className="button small secondary" type="submit">
            {t("operators.resetTotp")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The second step: what will happen, to whom, and the one button that does it. */
function ConfirmChange({ change }: { change: Change }) {
  const { t } = useTranslation("admin");
  const text = {
    role: t("operators.confirmRole", { name: change.username, role: t(`roles.${change.role}`) }),
    disable: t("operators.confirmDisable", { name: change.username }),
    enable: t("operators.confirmEnable", { name: change.username }),
    reset: t("operators.confirmReset", { name: change.username }),
  }[change.intent];
  return (
    <section className="admin-card confirm" role="alertdialog" aria-labelledby="confirm-text">
      <p id="confirm-text">{text}</p>
      <Form method="post" className="admin-actions">
        <input type="hidden" name="intent" value={change.intent} />
        <input type="hidden" name="operatorId" value={change.operatorId} />
        <input type="hidden" name="username" value={change.username} />
        {change.role ? <input type="hidden" name="role" value={change.role} /> : null}
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
