import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { safeRedirectTarget } from "~/lib/session.server";
import { fieldMessage } from "~/lib/form-errors";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const handle = { title: "common:payPassword.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  return { hasWithdrawalPassword: profile.noPassword2 === 0 };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const answer = await callApi(request, context, "/api/Index/resetpaypwd", {
    srcpwd: f.srcpwd ?? "",
    newpwd: f.newpwd ?? "",
    newpwd2: f.newpwd2 ?? "",
  });
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.payPassword);
  const t = await i18nServer.getFixedT(request);
  return redirectWithToast(context, safeRedirectTarget(f.redirectTo ?? null, "/my_password"), t("payPassword.success"));
}

/** Sets the withdrawal password, or changes it: the current one is asked only when one exists (docs/product.md#input-rules). */
export default function WithdrawalPassword() {
  const { hasWithdrawalPassword } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = useActionData<typeof action>()?.error;
  const busy = useNavigation().state === "submitting";
  const fieldError = (name: string) => fieldMessage(error, name);
  return (
    <main>
      <PageHeader
        title={hasWithdrawalPassword ? t("payPassword.title") : t("payPassword.titleSet")}
        back="/my_password"
      />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/my_password"} />
        {hasWithdrawalPassword ? (
          <Field
            label={t("payPassword.original")}
            name="srcpwd"
            type="password"
            autoComplete="off"
            required
            error={fieldError("srcpwd")}
          />
        ) : null}
        <Field
          label={t("payPassword.new")}
          name="newpwd"
          type="password"
          autoComplete="off"
          placeholder={t("payPassword.hint")}
          required
          error={fieldError("newpwd")}
        />
        <Field
          label={t("payPassword.confirm")}
          name="newpwd2"
          type="password"
          autoComplete="off"
          required
          error={fieldError("newpwd2")}
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
