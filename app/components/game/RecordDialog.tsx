import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { RoundResult } from "#shared/rounds";
import { ResultNumbers } from "./ResultNumbers";

type Props = {
  roomId: number;
  gameType: number;
  rounds: RoundResult[];
  page: number;
  hasMore: boolean;
  loading: boolean;
  failed: string | null;
  closeHref: string;
  onClose?: () => void;
  onMore?: () => void;
};

/**
 * Past rounds of the room (getGamelog, 20 a page), each with its proof (commitment, seed, beacon round;
 * docs/product.md#fairness) folded under it and a link to check it on the fairness page.
 */
export function RecordDialog({
  roomId,
  gameType,
  rounds,
  page,
  hasMore,
  loading,
  failed,
  closeHref,
  onClose,
  onMore,
}: Props) {
  const { t } = useTranslation("game");
  const close = (event: MouseEvent) => {
    if (!onClose) return;
    event.preventDefault();
    onClose();
  };
  const more = (event: MouseEvent) => {
    if (!onMore) return;
    event.preventDefault();
    onMore();
  };
  return (
    <div className="dialog-backdrop sheet-backdrop">
      <div className="dialog sheet" role="dialog" aria-modal="true" aria-labelledby="record-title">
        <header className="sheet-header">
          <h2 id="record-title">{t("record.title")}</h2>
          <Link
            to={closeHref}
            onClick={close}
            className="sheet-close"
            aria-label={t("record.close")}
            preventScrollReset
            replace
          >
            ×
          </Link>
        </header>
        {failed ? (
          <p className="form-error" role="alert">
            {failed}
          </p>
        ) : null}
        {rounds.length === 0 && !loading && !failed ? <p className="empty">{t("record.empty")}</p> : null}
        <ol className="record-list">
          {rounds.map((round) => (
            <li key={round.id}>
              <div className="record-head">
                <span>{t("round.number", { seqno: round.seqno })}</span>
                <Link to={`/fairness?room=${roomId}&seqno=${round.seqno}`}>{t("record.verify")}</Link>
              </div>
              <ResultNumbers result={round} gameType={gameType} />
              {round.beacon ? (
                <p className="muted record-beacon">
                  {t("fairness.beaconRound")}: {round.beacon.round}
                </p>
              ) : null}
              <details className="record-proof">
                <summary>{t("record.proof")}</summary>
                <dl className="fairness-facts">
                  <dt>{t("fairness.reportCommit")}</dt>
                  <dd>
                    <code className="hex">{round.commit}</code>
                  </dd>
                  <dt>{t("fairness.reportSeed")}</dt>
                  <dd>{round.seed ? <code className="hex">{round.seed}</code> : "—"}</dd>
                </dl>
              </details>
            </li>
          ))}
        </ol>
        {loading ? <p className="empty">{t("record.loading")}</p> : null}
        {hasMore && !loading ? (
          <Link
            className="button secondary"
            to={`?record=1&page=${page + 1}`}
            onClick={more}
            preventScrollReset
            replace
          >
            {t("record.more")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
