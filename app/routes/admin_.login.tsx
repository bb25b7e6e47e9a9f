import type { LinksFunction, ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { apiLangOf } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { setOperatorCookie } from "~/lib/operator.server";
import { qrSvg } from "~/lib/qr.server";
import { formFields } from "~/lib/form.server";
import adminStyles from "~/styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const handle = { title: "admin:login.title" };

type Enrolment = { secret: string; qr: string };
type Result = { error?: string; username?: string; enrol?: Enrolment; recoveryCodes?: string[] };

/** Password and TOTP; an operator without an authenticator is shown the enrolment step first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const fields = await formFields(request);
  const lng = await i18nServer.getLocale(request);
  const lang = apiLangOf[lng as keyof typeof apiLangOf] ?? "en";
  const creds = { lang, username: fields.username ?? "", password: fields.password ?? "", code: fields.code ?? "" };
  const username = creds.username;
  if (fields.intent === "enrol") {
    const answer = await context.callApi("/api/admin/enrol/confirm", creds);
    if (answer.code !== 1)
      return data<Result>({ error: answer.info, username, enrol: await enrolment(context, creds) }, { status: 400 });
    const headers = { "Set-Cookie": await setOperatorCookie(context, answer.data.token) };
    return data<Result>({ username, recoveryCodes: answer.data.recoveryCodes }, { headers });
  }
  const answer = await context.callApi("/api/admin/login", creds);
  if (answer.code === 1)
    return redirect("/admin", { headers: { "Set-Cookie": await setOperatorCookie(context, answer.data.token) } });
  if (answer.data?.errCode === 1121) return data<Result>({ username, enrol: await enrolment(context, creds) });
  return data<Result>({ error: answer.info, username }, { status: 400 });
}

async function enrolment(
  context: ActionFunctionArgs["context"],
  creds: Record<string, string>,
): Promise<Enrolment | undefined> {
  const started = await context.callApi("/api/admin/enrol/start", creds);
  if (started.code !== 1) return undefined;
  return { secret: started.data.secret, qr: qrSvg(started.data.otpauth) };
}

export default function OperatorLogin() {
  const { t } = useTranslation("admin");
  const result = useActionData<typeof action>() as Result | undefined;
  const busy = useNavigation().state === "submitting";
  if (result?.recoveryCodes) {
    return (
      <main className="admin-auth">
        <h1>{t("enrol.recoveryTitle")}</h1>
        <p>{t("enrol.recoveryHint")}</p>
        <ol className="recovery-codes" data-testid="recovery-codes">
          {result.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <Link className="button" to="/admin">
          {t("enrol.continue")}
        </Link>
      </main>
    );
  }
  const enrol = result?.enrol;
  return (
    <main className="admin-auth">
      <h1>{enrol ? t("enrol.title") : t("login.title")}</h1>
      {enrol ? (
        <section className="enrol">
          <p>{t("enrol.scan")}</p>
          <div className="qr" dangerouslySetInnerHTML={{ __html: enrol.qr }} />
          <p>
            {t("enrol.secret")}: <code data-testid="totp-secret">{enrol.secret}</code>
          </p>
        </section>
      ) : null}
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value={enrol ? "enrol" : "login"} />
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
          {enrol ? t("enrol.submit") : t("login.submit")}
        </button>
      </Form>
    </main>
  );
}
