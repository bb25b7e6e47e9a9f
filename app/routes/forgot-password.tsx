import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
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
import { useAppConfig } from "~/lib/root-data";
import { resetPasswordForm } from "#shared/forms/players";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const handle = { title: "common:forgot.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return sendSignedInAway(request, context);
}

// A refusal re-renders the page: the time the code was sent rides along, so the 60 s lock survives.
function smsSentAtOf(value: string | undefined): number | null {
  const ms = Number(value);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

/** Two steps on one form, as registration: send a code to the phone, then the code and the new password (docs/decisions/153). */
export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const nowMs = Date.now();
  // Typed again without JavaScript after a refusal; passwords never come back.
  const values = { username: f.username ?? "", quhao: f.quhao ?? "", phone: f.phone ?? "", captcha: f.captcha ?? "" };
  const kept = { values, nowMs, smsSentAtMs: smsSentAtOf(f.sms_sent_at) };
  if (f.intent === "sms") {
    const answer = await callApi(request, context, "/api/index/sms_send", { quhao: f.quhao, mobile: f.phone ?? "" });
    if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.forgotPassword, kept);
    const t = await i18nServer.getFixedT(request);
    // SMS_PROVIDER=screen (public demos): the code comes back to be shown here, under a notice that no SMS is sent.
    const screenCode = typeof answer.data?.screenCode === "string" ? answer.data.screenCode : null;
    return data({ ...kept, smsSentAtMs: nowMs, notice: t("register.codeSent"), screenCode, error: null });
  }
  const form = {
    username: f.username ?? "",
    quhao: f.quhao ?? "",
    phone: f.phone ?? "",
    captcha: f.captcha ?? "",
    npasswd: f.npasswd ?? "",
    npasswd2: f.npasswd2 ?? "",
  };
  const refused = await checkFields(request, resetPasswordForm, form, { "": "npasswd2", quhao: "phone" });
  if (refused) return fieldsFailure(refused, kept);
  const answer = await callApi(request, context, "/api/index/resetpasswd", form);
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.forgotPassword, kept);
  const t = await i18nServer.getFixedT(request);
  return redirectWithToast(context, "/login", t("forgot.done"));
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const error = result && "error" in result ? result.error : null;
  const smsSentAtMs = result?.smsSentAtMs ?? null;
  const values: Partial<Record<string, string>> = result?.values ?? {};
  const { sms_resend_seconds } = useAppConfig();
  const busy = useNavigation().state === "submitting";
  const fieldError = (name: string) => fieldMessage(error, name);
  return (
    <main>
      <PageHeader title={t("forgot.title")} back="/login" close="/" />
      <Form method="post" className="form" noValidate>
        <p className="muted">{t("forgot.intro")}</p>
        {smsSentAtMs ? <input type="hidden" name="sms_sent_at" value={smsSentAtMs} /> : null}
        <Field
          label={t("login.username")}
          name="username"
          defaultValue={values.username}
          autoComplete="username"
          required
          error={fieldError("username")}
        />
        <DialCodePicker defaultValue={values.quhao || undefined} />
        <Field
          label={t("forgot.phone")}
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
          label={t("forgot.npasswd")}
          name="npasswd"
          type="password"
          autoComplete="new-password"
          placeholder={t("login.passwordPlaceholder")}
          error={fieldError("npasswd")}
        />
        <Field
          label={t("forgot.npasswd2")}
          name="npasswd2"
          type="password"
          autoComplete="new-password"
          error={fieldError("npasswd2")}
        />
        {error && !error.field ? (
          <p className="form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <button className="button" type="submit" name="intent" value="reset" disabled={busy}>
          {t("forgot.submit")}
        </button>
        <p className="links">
          <Link to="/login">{t("forgot.toLogin")}</Link>
        </p>
      </Form>
    </main>
  );
}
