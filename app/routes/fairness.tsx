import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { FairnessReport, type BeaconVerdict, type CheckedRound } from "~/components/game/FairnessReport";
import { callApi } from "~/lib/api.server";
import { parseLookup, parseManual, type FairnessErrors } from "~/lib/game-fairness";
import { voidReasonText } from "~/lib/void-reason";
import { isGameType } from "#shared/games/options";
import { commitOf, fromHex, verifyRound } from "#shared/games/fairness";
import { type BeaconChain, checkRoundBeacon, testChain } from "#shared/games/beacon";
import gameStyles from "~/styles/game.css?url";

export const handle = { i18n: ["game"], title: "game:fairness.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: gameStyles }];

/** The chains this deployment can verify beside quicknet (the tests' local beacon only; worker/config.ts). */
async function extraChains(
  key: string | null,
): Promise<{ chains: Record<string, BeaconChain>; testKey: string | null }> {
  if (!key) return { chains: {}, testKey: null };
  const chain = await testChain(key);
  return { chains: { [chain.chainHash]: chain }, testKey: key };
}

// Public: anyone checks a past round from its published seed, or a seed and commit by hand.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const mode = params.get("mode") === "manual" ? "manual" : "lookup";
  const { rule, testPublicKey } = context.drawRule;
  // docs/decisions/130: demo mode says whether its draws mix in the beacon; proxy mode's rule is the upstream's.
  // Where this site draws every round with the beacon, a drawn round without one is not verified.
  const requireBeacon = rule === "beacon";
  const { chains, testKey } = await extraChains(testPublicKey);
  const values = Object.fromEntries(
    ["room", "seqno", "gametype", "seed", "commit"].map((k) => [k, params.get(k) ?? ""]),
  );
  if (mode === "manual") {
    const { manual, errors } = parseManual(params);
    if (!manual) return { mode, rule, testKey, values, errors, pending: null, failed: null, checked: null };
    const round: CheckedRound = {
      roomId: manual.room,
      seqno: manual.seqno,
      gameType: manual.gameType,
      commit: manual.commit,
      seed: manual.seed,
      numbers: null,
      closeAt: null,
      beacon: null,
    };
    const verification = await verifyRound({
      seedHex: round.seed,
      commit: round.commit,
      roomId: round.roomId,
      seqno: round.seqno,
      gameType: round.gameType,
    });
    // By hand: the seed and commitment only, whatever the rule (no beacon is typed in).
    return {
      mode,
      rule,
      testKey,
      values,
      errors,
      pending: null,
      failed: null,
      checked: { round, verification, beacon: null, requireBeacon: false },
    };
  }
  const { lookup, errors } = parseLookup(params);
  if (!lookup) return { mode, rule, testKey, values, errors, pending: null, failed: null, checked: null };
  const answer = await callApi(request, context, "/api/Game/getround", {
    roomid: lookup.room,
    seqno: lookup.seqno,
  });
  if (answer.code !== 1)
    return { mode, rule, testKey, values, errors, pending: null, failed: answer.info, checked: null };
  const published = answer.data;
  if (published.status === "void") {
    // A void round publishes its seed too (when the room still had it): its commitment can be checked.
    const seed = published.seed ?? null;
    const commitOk = seed
      ? await Promise.resolve(seed)
          .then((s) => commitOf(fromHex(s)))
          .then(
            (c) => c === published.commit,
            () => false,
          )
      : null;
    const voided = {
      seqno: String(published.seqno),
      commit: published.commit,
      reason: published.voidReason ?? null,
      preset: published.voidPreset ?? null,
      seed,
      commitOk,
    };
    return { mode, rule, testKey, values, errors, pending: null, voided, failed: null, checked: null };
  }
  if (!published.seed || !isGameType(published.gametype)) {
    const pending = {
      seqno: String(published.seqno),
      commit: published.commit,
      beaconRound: published.beacon?.round ?? null,
    };
    return { mode, rule, testKey, values, errors, pending, failed: null, checked: null };
  }
  const round: CheckedRound = {
    roomId: published.roomid,
    seqno: String(published.seqno),
    gameType: published.gametype,
    commit: published.commit,
    seed: published.seed,
    numbers: published.numbers,
    closeAt: typeof published.closeAt === "number" ? published.closeAt : null,
    beacon: published.beacon ?? null,
  };
  const check = await checkRoundBeacon(round, chains, requireBeacon);
  const beaconRandomness = check?.ok ? check.randomness : null;
  const verification = await verifyRound({
    seedHex: round.seed,
    commit: round.commit,
    roomId: round.roomId,
    seqno: round.seqno,
    gameType: round.gameType,
    numbers: round.numbers ?? undefined,
    beaconRandomness,
  });
  const beacon: BeaconVerdict | null = check && {
    ok: check.ok,
    problem: check.ok ? null : check.problem,
    expectedRound: check.ok ? null : (check.expectedRound ?? null),
  };
  return {
    mode,
    rule,
    testKey,
    values,
    errors,
    pending: null,
    failed: null,
    checked: {
      round,
      verification: beacon?.ok === false ? { ...verification, ok: false } : verification,
      beacon,
      requireBeacon,
    },
  };
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
