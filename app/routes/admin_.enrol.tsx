import type { LinksFunction, ActionFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { apiLangOf } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { setOperatorCookie } from "~/lib/operator.server";
import { qrSvg } from "~/lib/qr.server";
import { formFields } from "~/lib/form.server";
import { otpauthUrl } from "#shared/operators/otpauth";
import adminStyles from "~/styles/admin.css?url";
import type { Answered } from "~/lib/answers/answered";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const handle = { title: "admin:enrol.title" };

/** The new authenticator's secret, and its QR code to scan. */
type SecretToScan = { secret: string; qr: string };
type Result = {
  error?: string;
  username?: string;
  enrolCode?: string;
  enrol?: SecretToScan;
  recoveryCodes?: string[];
  active?: boolean;
};

/**
 * An operator enrols with the code an admin handed them (docs/decisions/060-operator-sign-in.md): the
 * name and code show a secret to scan; the operator's own password and a code of that secret finish it.
 * A new account then waits for a second admin; a reset one is signed in at once.
 */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<Result>> {
  const fields = await formFields(request);
  const lng = await i18nServer.getLocale(request);
  const lang = apiLangOf[lng as keyof typeof apiLangOf] ?? "en";
  const who = { lang, username: fields.username ?? "", enrolCode: fields.enrolCode ?? "" };
  const back = { username: who.username, enrolCode: who.enrolCode };
  if (fields.intent === "confirm") {
    const answer = await context.callApi("/api/admin/enrol/confirm", {
      ...who,
      password: fields.password ?? "",
      code: fields.code ?? "",
    });
    if (answer.code !== 1) {
      // the secret shown stays the same: the page shows it again rather than starting over
      const enrol = fields.secret
        ? { secret: fields.secret, qr: qrSvg(otpauthUrl(who.username, fields.secret)) }
        : undefined;
      return data<Result>({ error: answer.info, ...back, enrol }, { status: 400 });
    }
    const result = { username: who.username, recoveryCodes: answer.data.recoveryCodes, active: answer.data.active };
    if (!answer.data.token) return data<Result>(result);
    return data<Result>(result, { headers: { "Set-Cookie": await setOperatorCookie(context, answer.data.token) } });
  }
  const started = await context.callApi("/api/admin/enrol/start", who);
  if (started.code !== 1) return data<Result>({ error: started.info, ...back }, { status: 400 });
  return data<Result>({ ...back, enrol: { secret: started.data.secret, qr: qrSvg(started.data.otpauth) } });
}

export default function OperatorEnrol() {
  const { t } = useTranslation("admin");
  const result = useActionData<typeof action>();
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
        {result.active ? (
          <Link className="button" to="/admin">
            {t("enrol.continue")}
          </Link>
        ) : (
          <>
            <p role="status">{t("enrol.waiting")}</p>
            <Link className="button" to="/admin/login">
              {t("enrol.signIn")}
            </Link>
          </>
        )}
      </main>
    );
  }
  const enrol = result?.enrol;
  return (
    <main className="admin-auth">
      <h1>{t("enrol.title")}</h1>
      {enrol ? (
        <section className="enrol">
          <p>{t("enrol.scan")}</p>
          <div className="qr" dangerouslySetInnerHTML={{ __html: enrol.qr }} />
          <p>
            {t("enrol.secret")}: <code data-testid="totp-secret">{enrol.secret}</code>
          </p>
        </section>
      ) : (
        <p>{t("enrol.intro")}</p>
      )}
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="intent" value={enrol ? "confirm" : "start"} />
        {enrol ? <input type="hidden" name="secret" value={enrol.secret} /> : null}
        <Field
          label={t("login.username")}
          name="username"
          defaultValue={result?.username}
          autoComplete="username"
          readOnly={!!enrol}
          required
        />
        <Field
          label={t("enrol.codeField")}
          name="enrolCode"
          defaultValue={result?.enrolCode}
          autoComplete="off"
          readOnly={!!enrol}
          required
        />
        {enrol ? (
          <>
            <Field
              label={t("enrol.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={12}
              aria-describedby="password-hint"
              required
            />
            <p id="password-hint" className="hint">
              {t("enrol.passwordHint")}
            </p>
            <Field label={t("login.code")} name="code" autoComplete="one-time-code" inputMode="numeric" required />
          </>
        ) : null}
        {result?.error ? (
          <p className="form-error" role="alert">
            {result.error}
          </p>
        ) : null}
        <button className="button" type="submit" disabled={busy}>
          {enrol ? t("enrol.submit") : t("enrol.start")}
        </button>
      </Form>
    </main>
  );
}
