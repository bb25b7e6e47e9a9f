import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin } from "~/lib/operator.server";
import { redirectWithToast } from "~/lib/flash.server";
import type { Decision } from "~/components/admin/OperatorRequests";
import type { ActionResult, Change } from "./change";
import type { Answered } from "~/lib/answers/answered";

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
export async function operatorsAction({ request, context }: ActionFunctionArgs): Promise<Answered<ActionResult>> {
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
