import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import { ActionError } from "~/components/admin/ActionError";
import { Field } from "~/components/Field";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction } from "~/lib/operator.server";

export const handle = { title: "admin:password.title" };

/**
 * Every operator changes their own password here (docs/decisions/060-operator-sign-in.md): the current
 * one, then the new one; their other sessions end, this one stays.
 */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<ConsoleAnswer>> {
  const f = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  return adminAction(
    request,
    context,
    "/api/admin/password",
    { password: f.password ?? "", newPassword: f.newPassword ?? "" },
    t("password.done"),
  );
}

export default function OwnPassword() {
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  return (
    <main className="admin-main">
      <h1>{t("password.title")}</h1>
      <ActionError />
      <section className="admin-card">
        <Form method="post" className="form" noValidate>
          <Field
            label={t("password.current")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Field
            label={t("password.new")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={12}
            aria-describedby="new-password-hint"
            required
          />
          <p id="new-password-hint" className="field-hint">
            {t("enrol.passwordHint")}
          </p>
          <button className="button small" type="submit" disabled={busy}>
            {t("password.submit")}
          </button>
        </Form>
      </section>
    </main>
  );
}
