import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { verifyRound, type RoundVerification } from "../../../worker/games/fairness";
import type { GameType } from "../../../worker/games/options";
import type { PublishedBeacon } from "../../../worker/games/beacon";

export type CheckedRound = {
  roomId: number;
  seqno: string;
  gameType: GameType;
  commit: string;
  seed: string;
  /** The numbers the room published (absent when checking a seed by hand). */
  numbers: number[] | null;
  /** The beacon round mixed into the draw (docs/decisions/130); null: commit-reveal only. */
  beacon: PublishedBeacon | null;
};

function Hex({ value }: { value: string }) {
  return <code className="hex">{value}</code>;
}

function Check({ ok, okText, badText }: { ok: boolean; okText: string; badText: string }) {
  return <p className={`check-line ${ok ? "good" : "bad"}`}>{ok ? `✓ ${okText}` : `✗ ${badText}`}</p>;
}

/** The recomputation: SHA-256 of the seed against the commit, and the numbers the seed draws. */
type ReportProps = { round: CheckedRound; verification: RoundVerification; beaconOk: boolean | null; testKey: string | null };

export function FairnessReport({ round, verification, beaconOk, testKey }: ReportProps) {
  const { t } = useTranslation("game");
  const malformed = verification.problems.includes("malformed_seed");
  return (
    <section className={`card fairness-report ${verification.ok ? "verified" : "failed"}`} aria-live="polite">
      <h2>{verification.ok ? t("fairness.verified") : t("fairness.notVerified")}</h2>
      <dl className="fairness-facts">
        <dt>{t("fairness.reportCommit")}</dt>
        <dd><Hex value={round.commit} /></dd>
        <dt>{t("fairness.reportSeed")}</dt>
        <dd><Hex value={round.seed} /></dd>
        {round.beacon ? (
          <>
            <dt>{t("fairness.beaconRound")}</dt>
            <dd className="mono">{round.beacon.round}</dd>
            <dt>{t("fairness.beaconSignature")}</dt>
            <dd>{round.beacon.signature ? <Hex value={round.beacon.signature} /> : "—"}</dd>
            <dt>{t("fairness.beaconRandomness")}</dt>
            <dd>{round.beacon.randomness ? <Hex value={round.beacon.randomness} /> : "—"}</dd>
          </>
        ) : null}
        <dt>{t("fairness.message")}</dt>
        <dd><code>{round.beacon?.randomness ? `beacon-v1:${round.beacon.randomness}:${round.roomId}:${round.seqno}` : `${round.roomId}:${round.seqno}`}</code></dd>
        {verification.computedCommit ? (
          <>
            <dt>{t("fairness.computedCommit")}</dt>
            <dd><Hex value={verification.computedCommit} /></dd>
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
      {malformed ? <Check ok={false} okText="" badText={t("fairness.malformedSeed")} /> : <Check ok={!verification.problems.includes("commit_mismatch")} okText={t("fairness.commitOk")} badText={t("fairness.commitBad")} />}
      {beaconOk !== null ? <Check ok={beaconOk} okText={t("fairness.beaconOk")} badText={t("fairness.beaconBad")} /> : null}
      {round.numbers && !malformed ? <Check ok={!verification.problems.includes("numbers_mismatch")} okText={t("fairness.numbersOk")} badText={t("fairness.numbersBad")} /> : null}
      <BrowserCheck round={round} server={verification} testKey={testKey} />
    </section>
  );
}

/** The same check run again on the player's own device, so nobody has to trust the server's word. */
function BrowserCheck({ round, server, testKey }: { round: CheckedRound; server: RoundVerification; testKey: string | null }) {
  const { t } = useTranslation("game");
  // Nothing on the server's page: without JavaScript there is no second check to announce.
  const [state, setState] = useState<"running" | "same" | "different" | "unavailable" | null>(null);
  useEffect(() => {
    if (!globalThis.crypto?.subtle) return setState("unavailable");
    setState("running");
    let stale = false;
    recomputeHere(round, testKey)
      .then((mine) => {
        if (stale) return;
        const same = mine.ok === server.ok && mine.computedCommit === server.computedCommit && String(mine.numbers) === String(server.numbers);
        setState(same ? "same" : "different");
      })
      .catch(() => !stale && setState("unavailable"));
    return () => {
      stale = true;
    };
  }, [round, server, testKey]);
  if (!state) return null;
  return <p className={`browser-check state-${state}`}>{t(`fairness.browser.${state}`)}</p>;
}

/**
 * The whole check on the player's device: the beacon signature against the key pinned in this page's own
 * code (the BLS library loads only here), then the draw from the seed and the verified randomness.
 */
async function recomputeHere(round: CheckedRound, testKey: string | null): Promise<RoundVerification> {
  let beaconRandomness: string | null = null;
  if (round.beacon) {
    const { checkPublishedBeacon, testChain } = await import("../../../worker/games/beacon");
    const chains = testKey ? await testChain(testKey).then((chain) => ({ [chain.chainHash]: chain })) : {};
    const beacon = await checkPublishedBeacon(round.beacon, chains);
    if (!beacon.ok) return { ok: false, problems: ["malformed_beacon"], computedCommit: null, numbers: null };
    beaconRandomness = beacon.randomness;
  }
  return verifyRound({ seedHex: round.seed, commit: round.commit, roomId: round.roomId, seqno: round.seqno, gameType: round.gameType, numbers: round.numbers ?? undefined, beaconRandomness });
}
