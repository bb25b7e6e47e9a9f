import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { FairnessReport } from "~/components/game/FairnessReport";
import { loadFairness } from "~/lib/fairness.server";
import type { FairnessErrors } from "~/lib/game-fairness";
import { voidReasonText } from "~/lib/void-reason";
import gameStyles from "~/styles/game.css?url";

export const handle = { i18n: ["game"], title: "game:fairness.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

/** Public: the round's check is computed on the server (fairness.server.ts). */
export function loader(args: LoaderFunctionArgs) {
  return loadFairness(args);
}

function fieldError(t: (key: string) => string, errors: FairnessErrors, field: keyof FairnessErrors) {
  return errors[field] ? t(`fairness.invalid.${field}`) : null;
}

export default function Fairness() {
  const loaded = useLoaderData<typeof loader>();
  const { mode, rule, testKey, values, errors, pending, failed, checked } = loaded;
  const voided = "voided" in loaded ? loaded.voided : null;
  const { t } = useTranslation("game");
  return (
    <main className="fairness-page">
      <PageHeader title={t("fairness.title")} back="/" />
      <section className="card fairness-intro">
        <p>{t("fairness.intro")}</p>
        <details>
          <summary>{t("fairness.howTitle")}</summary>
          <p>{t("fairness.how1")}</p>
          <p>{t("fairness.how2")}</p>
          <p>{t("fairness.how3")}</p>
          <p>{t("fairness.howBeacon")}</p>
        </details>
        <p className={`fairness-rule rule-${rule}`}>{t(`fairness.rule.${rule}`)}</p>
      </section>
      <nav className="tabs" aria-label={t("fairness.modes")}>
        <Link to="/fairness" className={mode === "lookup" ? "tab active" : "tab"}>
          {t("fairness.lookupTab")}
        </Link>
        <Link to="/fairness?mode=manual" className={mode === "manual" ? "tab active" : "tab"}>
          {t("fairness.manualTab")}
        </Link>
      </nav>
      <Form method="get" action="/fairness" className="form fairness-form">
        {mode === "manual" ? <input type="hidden" name="mode" value="manual" /> : null}
        <div className="row">
          <Field
            label={t("fairness.room")}
            name="room"
            inputMode="numeric"
            defaultValue={values.room}
            error={fieldError(t, errors, "room")}
          />
          <Field
            label={t("fairness.seqno")}
            name="seqno"
            inputMode="numeric"
            defaultValue={values.seqno}
            error={fieldError(t, errors, "seqno")}
          />
        </div>
        {mode === "manual" ? (
          <>
            <label className={`field${errors.gametype ? " field-invalid" : ""}`}>
              <span className="field-label">{t("fairness.gametype")}</span>
              <select name="gametype" className="select" defaultValue={values.gametype || "1"}>
                {[1, 2, 3, 4].map((type) => (
                  <option key={type} value={type}>
                    {t(`gameTypes.${type}`)}
                  </option>
                ))}
              </select>
              {errors.gametype ? (
                <span className="field-error" role="alert">
                  {t("fairness.invalid.gametype")}
                </span>
              ) : null}
            </label>
            <Field
              label={t("fairness.seed")}
              name="seed"
              defaultValue={values.seed}
              autoComplete="off"
              spellCheck={false}
              error={fieldError(t, errors, "seed")}
            />
            <Field
              label={t("fairness.commit")}
              name="commit"
              defaultValue={values.commit}
              autoComplete="off"
              spellCheck={false}
              error={fieldError(t, errors, "commit")}
            />
          </>
        ) : null}
        <button type="submit" className="button">
          {t("fairness.check")}
        </button>
      </Form>
      {failed ? (
        <p className="form-error page-gap" role="alert">
          {failed}
        </p>
      ) : null}
      {pending ? (
        <section className="card fairness-report pending">
          <h2>{t("fairness.pendingTitle", { seqno: pending.seqno })}</h2>
          <p>{t("fairness.pending")}</p>
          <code className="hex">{pending.commit}</code>
          {pending.beaconRound !== null ? <p>{t("fairness.beaconAnnounced", { round: pending.beaconRound })}</p> : null}
        </section>
      ) : null}
      {voided ? (
        <section className="card fairness-report void" aria-live="polite">
          <h2>{t("fairness.voidTitle", { seqno: voided.seqno })}</h2>
          <p>
            {t("fairness.void")} {voidReasonText(t, { voidReason: voided.reason, voidPreset: voided.preset })}
          </p>
          <dl className="fairness-facts">
            <dt>{t("fairness.reportCommit")}</dt>
            <dd>
              <code className="hex">{voided.commit}</code>
            </dd>
            {voided.seed ? (
              <>
                <dt>{t("fairness.reportSeed")}</dt>
                <dd>
                  <code className="hex">{voided.seed}</code>
                </dd>
              </>
            ) : null}
          </dl>
          {voided.seed ? (
            <p className={`check-line ${voided.commitOk ? "good" : "bad"}`}>
              {voided.commitOk ? `✓ ${t("fairness.commitOk")}` : `✗ ${t("fairness.commitBad")}`}
            </p>
          ) : null}
        </section>
      ) : null}
      {checked ? (
        <FairnessReport
          round={checked.round}
          verification={checked.verification}
          beacon={checked.beacon}
          requireBeacon={checked.requireBeacon}
          testKey={testKey}
        />
      ) : null}
    </main>
  );
}
