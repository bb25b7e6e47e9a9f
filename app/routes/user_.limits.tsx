import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { LimitTable } from "~/components/protection/LimitTable";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { BREAK_PERIODS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_MINUTES, type Protection } from "~/lib/protection-types";
import { clearTokenHeader } from "~/lib/session.server";
import protectionStyles from "~/styles/protection.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];
export const handle = { title: "common:protection.title" };

const FIELD_OF_CODE: Record<number, string> = { 1050: "money", 1033: "pwd", 2057: "pwd", 1080: "pwd", 1081: "pwd" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const answer = await callApi<Protection>(request, context, "/api/Game/getprotection");
  if (answer.code !== 1) throw new Response(answer.info, { status: 500 });
  return answer.data;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const t = await i18nServer.getFixedT(request);
  if (f.intent === "break") {
    const answer = await callApi(request, context, "/api/Game/selfexclude", { period: f.period ?? "", pwd: f.pwd ?? "" });
    if (answer.code !== 1) return formFailure(answer, FIELD_OF_CODE, { form: "break" });
    // Every session ended on the server; this device forgets its cookie too.
    return redirectWithToast(context, "/login", t("protection.breakDone"), [await clearTokenHeader(context)]);
  }
  if (f.intent === "reality") {
    const answer = await callApi(request, context, "/api/Game/setrealitycheck", { minutes: f.minutes ?? "" });
    if (answer.code !== 1) return formFailure(answer, FIELD_OF_CODE, { form: "reality" });
    return redirectWithToast(context, "/user/limits", t("protection.realitySaved"));
  }
  const answer = await callApi(request, context, "/api/Game/setlimit", { kind: f.kind ?? "", period: f.period ?? "", money: f.money ?? "" });
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_CODE, { form: "limit" });
  return redirectWithToast(context, "/user/limits", t("protection.saved"));
}

/** Play limits, a time-out or self-exclusion, and the reality-check interval: plain forms, no script needed. */
export default function PlayLimits() {
  const { limits, reality } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const failure = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errorOf = (form: string, field: string) => (failure?.form === form && failure.error.field === field ? failure.error.message : null);
  const formError = (form: string) =>
    failure?.form === form && !failure.error.field ? <p className="form-error" role="alert">{failure.error.message}</p> : null;
  return (
    <main className="protection">
      <PageHeader title={t("protection.title")} back="/user" />
      <p className="protection-intro muted">{t("protection.intro")}</p>
      <LimitTable limits={limits} />

      <Form method="post" className="form card" aria-labelledby="set-limit">
        <h2 id="set-limit">{t("protection.setTitle")}</h2>
        <label className="field">
          <span className="field-label">{t("protection.kind")}</span>
          <select name="kind" defaultValue="loss">
            {LIMIT_KINDS.map((kind) => <option key={kind} value={kind}>{t(`protection.kinds.${kind}`)}</option>)}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("protection.period")}</span>
          <select name="period" defaultValue="day">
            {LIMIT_PERIODS.map((period) => <option key={period} value={period}>{t(`protection.periods.${period}`)}</option>)}
          </select>
        </label>
        <Field label={t("protection.amount")} name="money" inputMode="decimal" placeholder={t("protection.amountHint")} required error={errorOf("limit", "money")} />
        {formError("limit")}
        <button className="button" type="submit" name="intent" value="limit" disabled={busy}>{t("protection.save")}</button>
      </Form>

      <Form method="post" className="form card" aria-labelledby="reality">
        <h2 id="reality">{t("protection.realityTitle")}</h2>
        <label className="field">
          <span className="field-label">{t("protection.realityEvery")}</span>
          <select name="minutes" defaultValue={String(reality.minutes)}>
            {REALITY_MINUTES.map((m) => <option key={m} value={m}>{t("protection.minutes", { count: m })}</option>)}
          </select>
        </label>
        {formError("reality")}
        <button className="button secondary" type="submit" name="intent" value="reality" disabled={busy}>{t("protection.realitySave")}</button>
      </Form>

      <Form method="post" className="form card" aria-labelledby="take-break">
        <h2 id="take-break">{t("protection.breakTitle")}</h2>
        <p className="muted">{t("protection.breakIntro")}</p>
        <label className="field">
          <span className="field-label">{t("protection.breakPeriod")}</span>
          <select name="period" defaultValue="24h">
            {BREAK_PERIODS.map((p) => <option key={p} value={p}>{t(`protection.breakPeriods.${p}`)}</option>)}
          </select>
        </label>
        <Field label={t("protection.pwd")} name="pwd" type="password" autoComplete="off" required error={errorOf("break", "pwd")} />
        {formError("break")}
        <button className="button danger" type="submit" name="intent" value="break" disabled={busy}>{t("protection.breakSubmit")}</button>
      </Form>

      <p className="links">
        <Link to="/user/statement">{t("protection.statementLink")}</Link>
      </p>
    </main>
  );
}
