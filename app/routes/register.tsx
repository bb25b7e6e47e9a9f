import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DialCodePicker } from "~/components/DialCodePicker";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { SmsCodeButton } from "~/components/SmsCodeButton";
import { callApi, sendSignedInAway } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { fieldMessage } from "~/lib/form-errors";
import { checkFields, fieldsFailure, formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { safeRedirectTarget, setTokenHeader } from "~/lib/session.server";
import { useAppConfig } from "~/lib/root-data";
import { registerForm } from "#shared/forms/players";
import { AGREEMENT_ARTICLE_ID } from "#shared/content/article-ids";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const handle = { title: "common:register.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sendSignedInAway(request, context);
}

// A refusal re-renders the page: the time the code was sent rides along, so the 60 s lock survives.
function smsSentAtOf(value: string | undefined): number | null {
  const ms = Number(value);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const nowMs = Date.now();
  // Typed again without JavaScript after a refusal; passwords never come back.
  const values = {
    username: f.username ?? "",
    quhao: f.quhao ?? "",
    phone: f.phone ?? "",
    captcha: f.captcha ?? "",
    invitation: f.invitation ?? "",
    // the two ticks come back too: a refusal must not make the player tick them again
    agree: f.agree === "1" ? "1" : "",
    adult: f.adult === "1" ? "1" : "",
  };
  const kept = { values, nowMs, smsSentAtMs: smsSentAtOf(f.sms_sent_at) };
  if (f.intent === "sms") {
    const answer = await callApi(request, context, "/api/index/sms_send", { quhao: f.quhao, mobile: f.phone ?? "" });
    if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.register, kept);
    const t = await i18nServer.getFixedT(request);
    // SMS_PROVIDER=screen (public demos): the code comes back to be shown here, under a notice that no SMS is sent.
    const screenCode = typeof answer.data?.screenCode === "string" ? answer.data.screenCode : null;
    return data({ ...kept, smsSentAtMs: nowMs, notice: t("register.codeSent"), screenCode, error: null });
  }
  const form = {
    quhao: f.quhao ?? "",
    username: f.username ?? "",
    phone: f.phone ?? "",
    captcha: f.captcha ?? "",
    password: f.password ?? "",
    spassword: f.spassword ?? "",
    invitation: f.invitation ?? "",
    payPwd: f.payPwd ?? "",
    adult: f.adult ?? "",
  };
  // Every field's error at once (the API would name only the first); the agreement is the page's own rule.
  const refused = await checkFields(
    request,
    registerForm,
    form,
    { "": "spassword", quhao: "phone" },
    { agree: f.agree === "1" ? null : 1066 },
  );
  if (refused) return fieldsFailure(refused, kept);
  const answer = await callApi(request, context, "/api/index/register", form);
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.register, kept);
  const t = await i18nServer.getFixedT(request);
  return redirectWithToast(context, safeRedirectTarget(f.redirectTo ?? null), t("register.success"), [
    await setTokenHeader(context, answer.data.token),
  ]);
}

export default function Register() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const error = result && "error" in result ? result.error : null;
  const smsSentAtMs = result?.smsSentAtMs ?? null;
  const values: Partial<Record<string, string>> = result?.values ?? {};
  const [params] = useSearchParams();
  const { sms_resend_seconds } = useAppConfig();
  const busy = useNavigation().state === "submitting";
  const fieldError = (name: string) => fieldMessage(error, name);
  return (
    <main>
      <PageHeader title={t("register.title")} back="/login" close="/" />
      <Form method="post" className="form" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/user"} />
        {smsSentAtMs ? <input type="hidden" name="sms_sent_at" value={smsSentAtMs} /> : null}
        <Field
          label={t("register.username")}
          name="username"
          defaultValue={values.username}
          autoComplete="username"
          placeholder={t("login.usernamePlaceholder")}
          required
          error={fieldError("username")}
        />
        <DialCodePicker defaultValue={values.quhao || undefined} />
        <Field
          label={t("register.phone")}
          name="phone"
          defaultValue={values.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          error={fieldError("phone")}
        />
        <div className="row">
          <Field
            label={t("register.captcha")}
            name="captcha"
            defaultValue={values.captcha}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={fieldError("captcha")}
          />
          <SmsCodeButton
            sentAtMs={smsSentAtMs}
            renderedAtMs={result?.nowMs ?? 0}
            lockSeconds={sms_resend_seconds ?? 60}
          />
        </div>
        {result && "screenCode" in result && result.screenCode ? (
          <p className="demo-code" role="status">
            <strong>{t("register.screenNotice")}</strong> {t("register.screenCode")}{" "}
            <output>{result.screenCode}</output>
          </p>
        ) : result && "notice" in result && result.notice ? (
          <p className="muted" role="status">
            {result.notice}
          </p>
        ) : null}
        <Field
          label={t("register.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={t("login.passwordPlaceholder")}
          error={fieldError("password")}
        />
        <Field
          label={t("register.spassword")}
          name="spassword"
          type="password"
          autoComplete="new-password"
          error={fieldError("spassword")}
        />
        <Field
          label={t("register.invitation")}
          name="invitation"
          defaultValue={values.invitation ?? params.get("code") ?? ""}
          error={fieldError("invitation")}
        />
        <Field
          label={t("register.payPwd")}
          name="payPwd"
          type="password"
          autoComplete="off"
          placeholder={t("payPassword.hint")}
          error={fieldError("payPwd")}
        />
        <label className="check">
          <input
            type="checkbox"
            name="agree"
            value="1"
            defaultChecked={values.agree === "1"}
            aria-invalid={fieldError("agree") ? true : undefined}
          />
          <span>
            {t("register.agreePrefix")}
            {/* a new tab keeps what was typed here */}
            <Link to={`/help/${AGREEMENT_ARTICLE_ID}`} target="_blank" rel="noopener" className="text-link">
              {t("register.agreement")}
            </Link>
          </span>
        </label>
        {fieldError("agree") ? (
          <p className="field-error" role="alert">
            {fieldError("agree")}
          </p>
        ) : null}
        <label className="check">
          <input
            type="checkbox"
            name="adult"
            value="1"
            defaultChecked={values.adult === "1"}
            aria-invalid={fieldError("adult") ? true : undefined}
          />
          <span>{t("register.adult")}</span>
        </label>
        {fieldError("adult") ? (
          <p className="field-error" role="alert">
            {fieldError("adult")}
          </p>
        ) : null}
        {error && !error.field ? (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <button className="button" type="submit" name="intent" value="register" disabled={busy}>
          {t("register.submit")}
        </button>
        <p className="links">
          {t("register.haveAccount")} <Link to="/login">{t("register.toLogin")}</Link>
        </p>
      </Form>
    </main>
  );
}
