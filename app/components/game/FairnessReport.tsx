import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RoundVerification } from "#shared/games/fairness";
import { type BeaconVerdict, type CheckedRound, browserMark, recomputeHere } from "~/lib/fairness-browser";

function Hex({ value }: { value: string }) {
  return <code className="hex">{value}</code>;
}

function Check({ ok, okText, badText }: { ok: boolean; okText: string; badText: string }) {
  return <p className={`check-line ${ok ? "good" : "bad"}`}>{ok ? `✓ ${okText}` : `✗ ${badText}`}</p>;
}

/** The recomputation: SHA-256 of the seed against the commit, and the numbers the seed draws. */
type ReportProps = {
  round: CheckedRound;
  verification: RoundVerification;
  beacon: BeaconVerdict | null;
  requireBeacon: boolean;
  testKey: string | null;
};

/** Problems found after the beacon round passed the rule: the round is the right one, its proof is not. */
const PROOF_PROBLEMS = ["missing", "malformed", "wrong_round", "bad_signature", "bad_randomness"];
/** Problems that keep the beacon round from being placed against the rule at all (not_rule_round has its own words). */
const RULE_PROBLEMS = ["absent", "no_close_time", "unknown_chain"];

/** The beacon's check lines: the round the rule names, then its signature. */
function BeaconChecks({ round, beacon }: { round: CheckedRound; beacon: BeaconVerdict }) {
  const { t } = useTranslation("game");
  const ruleOk = beacon.ok || PROOF_PROBLEMS.includes(beacon.problem ?? "");
  const ruleLine = ruleOk ? (
    <Check ok okText={t("fairness.beaconRuleOk", { round: round.beacon?.round })} badText="" />
  ) : beacon.problem === "not_rule_round" ? (
    <Check
      ok={false}
      okText=""
      badText={t("fairness.beaconWrongRound", { round: round.beacon?.round, expected: beacon.expectedRound })}
    />
  ) : (
    <Check
      ok={false}
      okText=""
      badText={t(
        `fairness.beaconProblem.${RULE_PROBLEMS.includes(beacon.problem ?? "") ? beacon.problem : "unknown_chain"}`,
      )}
    />
  );
  if (!ruleOk) return ruleLine;
  return (
    <>
      {ruleLine}
      {beacon.problem === "missing" ? (
        <Check ok={false} okText="" badText={t("fairness.beaconProblem.missing")} />
      ) : (
        <Check ok={beacon.ok} okText={t("fairness.beaconOk")} badText={t("fairness.beaconBad")} />
      )}
    </>
  );
}

export function FairnessReport({ round, verification, beacon, requireBeacon, testKey }: ReportProps) {
  const { t } = useTranslation("game");
  const malformed = verification.problems.includes("malformed_seed");
  return (
    <section className={`card fairness-report ${verification.ok ? "verified" : "failed"}`} aria-live="polite">
      <h2>{verification.ok ? t("fairness.verified") : t("fairness.notVerified")}</h2>
      <dl className="fairness-facts">
        <dt>{t("fairness.reportCommit")}</dt>
        <dd>
          <Hex value={round.commit} />
        </dd>
        <dt>{t("fairness.reportSeed")}</dt>
        <dd>
          <Hex value={round.seed} />
        </dd>
        {round.beacon ? (
          <>
            <dt>{t("fairness.beaconRound")}</dt>
            <dd className="mono">{round.beacon.round}</dd>
            {beacon?.expectedRound != null && beacon.expectedRound !== round.beacon.round ? (
              <>
                <dt>{t("fairness.beaconExpected")}</dt>
                <dd className="mono">{beacon.expectedRound}</dd>
              </>
            ) : null}
            <dt>{t("fairness.beaconSignature")}</dt>
            <dd>{round.beacon.signature ? <Hex value={round.beacon.signature} /> : "—"}</dd>
            <dt>{t("fairness.beaconRandomness")}</dt>
            <dd>{round.beacon.randomness ? <Hex value={round.beacon.randomness} /> : "—"}</dd>
          </>
        ) : null}
        <dt>{t("fairness.message")}</dt>
        <dd>
          <code>
            {round.beacon?.randomness
              ? `beacon-v1:${round.beacon.randomness}:${round.roomId}:${round.seqno}`
              : `${round.roomId}:${round.seqno}`}
          </code>
        </dd>
        {verification.computedCommit ? (
          <>
            <dt>{t("fairness.computedCommit")}</dt>
            <dd>
              <Hex value={verification.computedCommit} />
            </dd>
          </>
        ) : null}
        {round.numbers ? (
          <>
            <dt>{t("fairness.published")}</dt>
            <dd className="mono">{round.numbers.join(" ")}</dd>
          </>
        ) : null}
        {verification.numbers ? (
          <>
            <dt>{t("fairness.recomputed")}</dt>
            <dd className="mono">{verification.numbers.join(" ")}</dd>
          </>
        ) : null}
      </dl>
      {malformed ? (
        <Check ok={false} okText="" badText={t("fairness.malformedSeed")} />
      ) : (
        <Check
          ok={!verification.problems.includes("commit_mismatch")}
          okText={t("fairness.commitOk")}
          badText={t("fairness.commitBad")}
        />
      )}
      {beacon ? <BeaconChecks round={round} beacon={beacon} /> : null}
      {round.numbers && !malformed ? (
        <Check
          ok={!verification.problems.includes("numbers_mismatch")}
          okText={t("fairness.numbersOk")}
          badText={t("fairness.numbersBad")}
        />
      ) : null}
      <BrowserCheck round={round} server={verification} testKey={testKey} requireBeacon={requireBeacon} />
    </section>
  );
}

/**
 * The same check run again on the player's own device, so nobody has to trust the server's word. Its mark
 * is its own verdict; whether the server's check came out the same is said apart.
 */
function BrowserCheck({
  round,
  server,
  testKey,
  requireBeacon,
}: {
  round: CheckedRound;
  server: RoundVerification;
  testKey: string | null;
  requireBeacon: boolean;
}) {
  const { t } = useTranslation("game");
  // Nothing on the server's page: without JavaScript there is no second check to announce.
  const [state, setState] = useState<"running" | "unavailable" | ReturnType<typeof browserMark> | null>(null);
  useEffect(() => {
    if (!globalThis.crypto?.subtle) return setState("unavailable");
    setState("running");
    let stale = false;
    recomputeHere(round, testKey, requireBeacon)
      .then((mine) => !stale && setState(browserMark(mine, server)))
      .catch(() => !stale && setState("unavailable"));
    return () => {
      stale = true;
    };
  }, [round, server, testKey, requireBeacon]);
  if (!state) return null;
  if (typeof state === "string")
    return <p className={`browser-check state-${state}`}>{t(`fairness.browser.${state}`)}</p>;
  return (
    <>
      <p className={`browser-check state-${state.verdict}`}>{t(`fairness.browser.${state.verdict}`)}</p>
      {state.agrees ? null : (
        <p className="browser-check state-disagree" role="alert">
          {t("fairness.browser.disagree")}
        </p>
      )}
    </>
  );
}
