import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadAdmin } from "~/lib/operator.server";
import { ConfirmDecision, EnrolmentCode, OperatorRequests } from "~/components/admin/OperatorRequests";
import { ConfirmChange } from "./ConfirmChange";
import { NewOperatorForm } from "./NewOperatorForm";
import { OperatorsTable } from "./OperatorsTable";
import { operatorsAction } from "./action.server";

export const handle = { title: "admin:operators.title" };

/** Operators, for admins only: the API answers 1174 to anyone else, which is a missing page here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ list }, me, requests] = await Promise.all([
    loadAdmin(request, context, "/api/admin/operators"),
    loadAdmin(request, context, "/api/admin/me"),
    loadAdmin(request, context, "/api/admin/operators/requests"),
  ]);
  return { list, myId: me.id, requests: requests.list };
}

/** A new operator, a change to one, or a decision on a request (action.server.ts). */
export function action(args: ActionFunctionArgs) {
  return operatorsAction(args);
}

export default function Operators() {
  const { list, myId, requests } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      <OperatorsTable list={list} myId={myId} waiting={waiting} />
      <NewOperatorForm result={result} />
    </main>
  );
}
