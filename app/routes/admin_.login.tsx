import type { LinksFunction, ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { apiLangOf } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { setOperatorCookie } from "~/lib/operator.server";
import { formFields } from "~/lib/form.server";
import adminStyles from "~/styles/admin.css?url";
import type { Answered } from "~/lib/answers/answered";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const handle = { title: "admin:login.title" };

type Result = { error?: string; username?: string };

/**
 * Password and TOTP. Enrolment has its own page (/admin/enrol) and takes the code an admin handed over,
 * never the password (docs/decisions/060-operator-sign-in.md).
 */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<Result>> {
  const fields = await formFields(request);
  const lng = await i18nServer.getLocale(request);
  const lang = apiLangOf[lng as keyof typeof apiLangOf] ?? "en";
  const creds = { lang, username: fields.username ?? "", password: fields.password ?? "", code: fields.code ?? "" };
  const answer = await context.callApi("/api/admin/login", creds);
  if (answer.code === 1)
    return redirect("/admin", { headers: { "Set-Cookie": await setOperatorCookie(context, answer.data.token) } });
  return data<Result>({ error: answer.info, username: creds.username }, { status: 400 });
}

export default function OperatorLogin() {
  const { t } = useTranslation("admin");
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="admin-auth">
      <h1>{t("login.title")}</h1>
      <Form method="post" className="form" noValidate>
        <Field
          label={t("login.username")}
          name="username"
          defaultValue={result?.username}
          autoComplete="username"
          required
        />
        <Field label={t("login.password")} name="password" type="password" autoComplete="current-password" required />
        <Field
          label={t("login.code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          placeholder={t("login.codeHint")}
          required
        />
        {result?.error ? (
          <p className="form-error" role="alert">
            {result.error}
          </p>
        ) : null}
        <button className="button" type="submit" disabled={busy}>
          {t("login.submit")}
        </button>
      </Form>
      <p>
        <Link className="tap-link" to="/admin/enrol">
          {t("login.enrolFirst")}
        </Link>
      </p>
    </main>
  );
}
