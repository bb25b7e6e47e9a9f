import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, type RoundResult } from "~/lib/game";
import { formatCountdown } from "~/lib/game-countdown";
import type { LiveStatus } from "~/lib/game-socket";
import { ResultNumbers } from "./ResultNumbers";

type Props = {
  seqno: number | string;
  secondsLeft: number;
  closeSeconds: number;
  open: boolean;
  latest: RoundResult | undefined;
  gameType: number;
  lastAward: { seqno: number | string; award: number } | null;
  status: LiveStatus | null;
  onRecord?: () => void;
};

/** Current round, the countdown to the draw (betting stops at closeSeconds), and the latest result. */
export function RoundPanel({ seqno, secondsLeft, closeSeconds, open, latest, gameType, lastAward, status, onRecord }: Props) {
  const { t } = useTranslation("game");
  const phase = open ? "open" : secondsLeft > 0 ? "closed" : "drawing";
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
        <span className="countdown-clock">{formatCountdown(secondsLeft)}</span>
        <span className="countdown-hint">
          {open ? t("round.closesAt", { seconds: closeSeconds }) : phase === "closed" ? t("round.stopped") : t("round.nextSoon")}
        </span>
      </div>
      <div className="latest">
        <div className="latest-head">
          <span className="muted">{latest ? t("round.latest", { seqno: latest.seqno }) : t("round.noResults")}</span>
          <Link to="?record=1" className="chip-button" onClick={record} preventScrollReset>
            {t("record.open")}
          </Link>
        </div>
        {latest ? <ResultNumbers result={latest} gameType={gameType} /> : null}
        {lastAward && lastAward.award > 0 && latest && String(latest.seqno) === String(lastAward.seqno) ? (
          <p className="award" role="status">{t("round.award", { seqno: lastAward.seqno, award: formatMoney(lastAward.award) })}</p>
        ) : null}
      </div>
    </section>
  );
}
