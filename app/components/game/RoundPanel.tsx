import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { RoundResult } from "#shared/rounds";
import { formatCountdown, roundClock } from "~/lib/game-countdown";
import type { LiveStatus } from "~/lib/game-socket";
import { roundOutcomeKind, roundOutcomeText, type LastRoundPaid } from "~/lib/round-outcome";
import { ResultNumbers } from "./ResultNumbers";

type Props = {
  /** The beacon round a due draw waits for (docs/decisions/130); null when not waiting. */
  waitingForBeacon?: number | null;
  /** The beacon round named at open and where a player checks it (docs/decisions/130); absent: commit-reveal only. */
  beacon?: { round: number; href: string } | null;
  seqno: number | string;
  secondsLeft: number;
  closeSeconds: number;
  open: boolean;
  latest: RoundResult | undefined;
  gameType: number;
  lastAward: LastRoundPaid | null;
  status: LiveStatus | null;
  onRecord?: () => void;
};

/**
 * Current round, its clock (the time to the close of betting while it is open, then the time to the
 * draw, each labelled for what it counts) and the latest result. Without JavaScript the clock is the
 * moment the page was made, and says so.
 */
export function RoundPanel({
  seqno,
  secondsLeft,
  closeSeconds,
  open,
  latest,
  gameType,
  lastAward,
  status,
  onRecord,
  waitingForBeacon,
  beacon,
}: Props) {
  const { t } = useTranslation("game");
  // said only under the result it belongs to
  const shownAward = lastAward && latest && String(latest.seqno) === String(lastAward.seqno) ? lastAward : null;
  const outcome = shownAward ? roundOutcomeText(t, shownAward) : null;
  const clock = roundClock(secondsLeft, closeSeconds);
  // the room's own word wins: a room that stopped taking bets is closed whatever the clock says
  const phase = !open && clock.phase === "open" ? "closed" : clock.phase;
  const seconds = phase === clock.phase ? clock.seconds : secondsLeft;
  const record = (event: MouseEvent) => {
    if (!onRecord) return;
    event.preventDefault();
    onRecord();
  };
  return (
    <section className={`round-panel phase-${phase}`} aria-label={t("round.title")}>
      <div className="round-top">
        <span className="round-number">{t("round.number", { seqno })}</span>
        {status ? <span className={`live-dot live-${status}`}>{t(`live.status.${status}`)}</span> : null}
      </div>
      <div className="countdown" role="timer" aria-live="off">
        <span className="countdown-label">{t(`round.phase.${phase}`)}</span>
        <span className="countdown-clock">{formatCountdown(seconds)}</span>
        <span className="countdown-hint">
          {waitingForBeacon
            ? t("fairness.waiting", { round: waitingForBeacon })
            : phase === "open"
              ? t("round.drawIn", { time: formatCountdown(secondsLeft) })
              : phase === "closed"
                ? t("round.stopped")
                : t("round.nextSoon")}
        </span>
        {beacon && !waitingForBeacon ? (
          <Link to={beacon.href} className="countdown-hint beacon-named">
            {t("fairness.beaconNamed", { round: beacon.round })}
          </Link>
        ) : null}
        {status ? null : (
          <noscript>
            <span className="countdown-hint">{t("round.notLive")}</span>
          </noscript>
        )}
      </div>
      <div className="latest">
        <div className="latest-head">
          <span className="muted">{latest ? t("round.latest", { seqno: latest.seqno }) : t("round.noResults")}</span>
          <Link to="?record=1" className="chip-button" onClick={record} preventScrollReset>
            {t("record.open")}
          </Link>
        </div>
        {latest ? <ResultNumbers result={latest} gameType={gameType} /> : null}
        {outcome ? (
          <p className={`award award-${roundOutcomeKind(shownAward!)}`} role="status" data-testid="round-outcome">
            {outcome}
          </p>
        ) : null}
      </div>
    </section>
  );
}
