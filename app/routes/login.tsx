import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { SupportCard } from "~/components/wallet/SupportCard";
import { useAppConfig } from "~/lib/root-data";
import { callApi, sendSignedInAway } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { safeRedirectTarget, setTokenHeader } from "~/lib/session.server";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const handle = { i18n: ["wallet"], title: "common:login.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sendSignedInAway(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const answer = await callApi(request, context, "/api/Index/login", {
    username: fields.username ?? "",
    password: fields.password ?? "",
  });
  if (answer.code !== 1)
    return formFailure(answer, FIELD_OF_ERROR.login, {
      values: { username: fields.username ?? "" },
    });
  const t = await i18nServer.getFixedT(request, ["common", "notices"]);
  const cookie = await setTokenHeader(context, answer.data.token);
  // A running time-out or self-exclusion signs in to the restricted view: the My page says what is open (docs/decisions/142).
  if (answer.data.restricted) return redirectWithToast(context, "/user", t("notices:restricted.signedIn"), [cookie]);
  return redirectWithToast(context, safeRedirectTarget(fields.redirectTo ?? null), t("login.success"), [cookie]);
}

export default function Login() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const error = result?.error;
  const values = result?.values;
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const { kefu_url: supportUrl } = useAppConfig();
  const redirectTo = params.get("redirectTo") ?? "/user";
  return (
    <main>
      <PageHeader title={t("login.title")} back={null} close="/" />
      {params.get("frozen") ? <SupportCard url={supportUrl} message={t("login.frozen")} /> : null}
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {/* a username signs in: a dial code above it only made players wonder whether to type a phone */}
        <Field
          label={t("login.username")}
          name="username"
          defaultValue={values?.username}
          autoComplete="username"
          placeholder={t("login.usernamePlaceholder")}
          required
          error={error?.field === "username" ? error.message : null}
        />
        <Field
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t("login.passwordPlaceholder")}
          required
          error={error?.field === "password" ? error.message : null}
        />
        {error && !error.field ? (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <button className="button" type="submit" disabled={busy}>
          {t("login.submit")}
        </button>
        <p className="links">
          {t("login.noAccount")}{" "}
          <Link to={`/register?redirectTo=${encodeURIComponent(redirectTo)}`}>{t("login.toRegister")}</Link>
        </p>
        <p className="links">
          <Link to="/forgot-password">{t("login.forgotLink")}</Link>
        </p>
      </Form>
    </main>
  );
}
