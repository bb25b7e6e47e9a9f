import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Operator } from "#shared/answers/console-operators";
import type { Change } from "./change";
import { RoleSelect } from "./RoleSelect";

/**
 * Only what the API would carry out: enabling waits for enrolment (approving it before is refused, 1233)
 * and is not asked twice; a reset needs an authenticator to reset.
 */
export function OperatorActions({ op, waiting }: { op: Operator; waiting: boolean }) {
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
