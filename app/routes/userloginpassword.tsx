import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { setTokenHeader } from "~/lib/session.server";
import { fieldMessage } from "~/lib/form-errors";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const handle = { title: "common:loginPassword.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const answer = await callApi(request, context, "/api/Index/repasswd", {
    passwd: f.passwd ?? "",
    npasswd: f.npasswd ?? "",
    npasswd2: f.npasswd2 ?? "",
  });
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.loginPassword);
  const t = await i18nServer.getFixedT(request);
  // Every other session was revoked with the old password; this device continues with a new one.
  return redirectWithToast(context, "/my_password", t("loginPassword.success"), [
    await setTokenHeader(context, answer.data.token),
  ]);
}

export default function ChangeLoginPassword() {
  const { t } = useTranslation();
  const error = useActionData<typeof action>()?.error;
  const busy = useNavigation().state === "submitting";
  const fieldError = (name: string) => fieldMessage(error, name);
  return (
    <main>
      <PageHeader title={t("loginPassword.title")} back="/my_password" />
      <Form method="post" className="form" noValidate>
        <Field
          label={t("loginPassword.original")}
          name="passwd"
          type="password"
          autoComplete="current-password"
          required
          error={fieldError("passwd")}
        />
        <Field
          label={t("loginPassword.new")}
          name="npasswd"
          type="password"
          autoComplete="new-password"
          placeholder={t("login.passwordPlaceholder")}
          required
          error={fieldError("npasswd")}
        />
        <Field
          label={t("loginPassword.confirm")}
          name="npasswd2"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError("npasswd2")}
        />
        {error && !error.field ? (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <button className="button" type="submit" disabled={busy}>
          {t("save")}
        </button>
      </Form>
    </main>
  );
}
