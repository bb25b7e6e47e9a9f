import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { LimitTable } from "~/components/protection/LimitTable";
import { RestrictedNotice } from "~/components/protection/RestrictedNotice";
import { callApi, requireProfile } from "~/lib/api.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formFailure, formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { zonedTime } from "~/lib/player-time";
import {
  BREAK_PERIODS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  REALITY_DEFAULT_MINUTES,
  REALITY_MINUTES,
} from "~/lib/protection-types";
import { clearTokenHeader } from "~/lib/session.server";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { exclusionEndMs, isTimeOut, type ExclusionPeriod } from "#shared/protection/rules";
import protectionStyles from "~/styles/protection.css?url";
import { FIELD_OF_ERROR } from "../../locales/error-fields";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];
export const handle = { title: "common:protection.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  const answer = await callApi(request, context, "/api/Game/getprotection");
  if (answer.code !== 1) throw new Response(answer.info, { status: 500 });
  // a time-out or self-exclusion running: the page says so where the break's card would offer another
  return { ...answer.data, balance: profile.money, restricted: profile.restricted ?? null };
}

const isBreakPeriod = (value: string | undefined): value is ExclusionPeriod =>
  (BREAK_PERIODS as readonly string[]).includes(value ?? "");

/** The words of a break: a time-out (24 h to 30 days) and a self-exclusion (6 months and longer) are named apart. */
const breakKind = (period: string) => (isTimeOut(period) ? "timeOut" : "exclusion");

export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const t = await i18nServer.getFixedT(request);
  // Step one of a break: what it means (its end, that it cannot be undone, the balance) before the password.
  if (f.intent === "breakAsk" && isBreakPeriod(f.period)) {
    return {
      form: "breakConfirm" as const,
      confirmBreak: { period: f.period, until: exclusionEndMs(f.period, Date.now()) },
    };
  }
  if (f.intent === "break") {
    const answer = await callApi(request, context, "/api/Game/selfexclude", {
      period: f.period ?? "",
      pwd: f.pwd ?? "",
    });
    if (answer.code !== 1) {
      const period = isBreakPeriod(f.period) ? f.period : "24h";
      return formFailure(answer, FIELD_OF_ERROR.limits, {
        form: "break",
        confirmBreak: { period, until: exclusionEndMs(period, Date.now()) },
      });
    }
    // Every session ended on the server; this device forgets its cookie too.
    const until = answer.data.until === null ? null : zonedTime(answer.data.until);
    const done = t(`protection.${breakKind(answer.data.period)}Done`, { until: until ?? t("protection.never") });
    return redirectWithToast(context, "/login", done, [await clearTokenHeader(context)]);
  }
  if (f.intent === "reality") {
    const answer = await callApi(request, context, "/api/Game/setrealitycheck", { minutes: f.minutes ?? "" });
    if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.limits, { form: "reality" });
    return redirectWithToast(context, "/user/limits", t("protection.realitySaved"));
  }
  const answer = await callApi(request, context, "/api/Game/setlimit", {
    kind: f.kind ?? "",
    period: f.period ?? "",
    money: f.money ?? "",
  });
  // without JavaScript the refused page is all the player has: it comes back with what they chose and typed
  const typed = { kind: f.kind ?? "", period: f.period ?? "", money: f.money ?? "" };
  if (answer.code !== 1) return formFailure(answer, FIELD_OF_ERROR.limits, { form: "limit", typed });
  return redirectWithToast(context, "/user/limits", t("protection.saved"));
}

/** Play limits, a time-out or self-exclusion, and the reality-check interval: plain forms, no script needed. */
export default function PlayLimits() {
  const { limits, reality, balance, restricted } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const failure = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = failure && "error" in failure ? failure.error : null;
  const errorOf = (form: string, field: string) =>
    failure?.form === form && error?.field === field ? error.message : null;
  const formError = (form: string) =>
    failure?.form === form && error && !error.field ? (
      <p className="form-error" role="alert">
        {error.message}
      </p>
    ) : null;
  const confirmBreak = failure && "confirmBreak" in failure ? failure.confirmBreak : null;
  const typed = (failure && "typed" in failure ? failure.typed : null) as Record<string, string> | null;
  return (
    <main className="protection">
      <PageHeader title={t("protection.title")} back="/user" />
      <p className="protection-intro muted">{t("protection.intro")}</p>
      <LimitTable limits={limits} />

      <Form method="post" className="form card" aria-labelledby="set-limit">
        <h2 id="set-limit">{t("protection.setTitle")}</h2>
        <label className="field">
          <span className="field-label">{t("protection.kind")}</span>
          <select name="kind" defaultValue={typed?.kind || "loss"}>
            {LIMIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`protection.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t("protection.period")}</span>
          <select name="period" defaultValue={typed?.period || "day"}>
            {LIMIT_PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`protection.periods.${period}`)}
              </option>
            ))}
          </select>
        </label>
        <Field
          label={t("protection.amount")}
          name="money"
          inputMode="decimal"
          defaultValue={typed?.money}
          placeholder={t("protection.amountHint")}
          required
          error={errorOf("limit", "money")}
        />
        {formError("limit")}
        <button className="button" type="submit" name="intent" value="limit" disabled={busy}>
          {t("protection.save")}
        </button>
      </Form>

      <Form method="post" className="form card" aria-labelledby="reality">
        <h2 id="reality">{t("protection.realityTitle")}</h2>
        <label className="field">
          <span className="field-label">{t("protection.realityEvery")}</span>
          <select name="minutes" defaultValue={String(reality.minutes)}>
            {REALITY_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t("protection.minutes", { count: m })}
              </option>
            ))}
          </select>
          <span className="hint">{t("protection.realityDefault", { minutes: REALITY_DEFAULT_MINUTES })}</span>
        </label>
        {formError("reality")}
        <button className="button secondary" type="submit" name="intent" value="reality" disabled={busy}>
          {t("protection.realitySave")}
        </button>
      </Form>

      {/* the break's card: its confirm step takes the card's place, one card either way; while a break runs, the
          break itself, until when, and what the player may still do */}
      {restricted ? (
        <RestrictedNotice restriction={restricted} />
      ) : confirmBreak ? (
        <Form
          method="post"
          className="form card break-confirm"
          aria-labelledby="confirm-break"
          data-testid="break-confirm"
        >
          <h2 id="confirm-break">{t(`protection.${breakKind(confirmBreak.period)}ConfirmTitle`)}</h2>
          <p className="break-period">{t(`protection.breakPeriods.${confirmBreak.period}`)}</p>
          <dl className="summary">
            <dt>{t("protection.breakEnds")}</dt>
            <dd data-testid="break-ends">
              {confirmBreak.until === null ? t("protection.never") : <PlayerTime ms={confirmBreak.until} zone />}
            </dd>
            <dt>{t("protection.balance")}</dt>
            <dd>
              <Money value={balance} />
            </dd>
          </dl>
          <p className="form-error">{t("protection.breakFinal")}</p>
          <p>{t(`protection.${breakKind(confirmBreak.period)}Balance`)}</p>
          <input type="hidden" name="period" value={confirmBreak.period} />
          <Field
            label={t("protection.pwd")}
            name="pwd"
            type="password"
            autoComplete="off"
            required
            error={errorOf("break", "pwd")}
          />
          {formError("break")}
          <button className="button danger" type="submit" name="intent" value="break" disabled={busy}>
            {t(`protection.${breakKind(confirmBreak.period)}Submit`)}
          </button>
          <Link className="button secondary" to="/user/limits" replace>
            {t("protection.breakCancel")}
          </Link>
        </Form>
      ) : (
        <Form method="post" className="form card" aria-labelledby="take-break">
          <h2 id="take-break">{t("protection.breakTitle")}</h2>
          <p className="muted">{t("protection.breakIntro")}</p>
          <label className="field">
            <span className="field-label">{t("protection.breakPeriod")}</span>
            <select name="period" defaultValue="24h">
              {BREAK_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`protection.breakPeriods.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <button className="button danger" type="submit" name="intent" value="breakAsk" disabled={busy}>
            {t("protection.breakSubmit")}
          </button>
        </Form>
      )}

      <p className="links">
        <Link to="/user/statement">{t("protection.statementLink")}</Link>
      </p>
    </main>
  );
}
