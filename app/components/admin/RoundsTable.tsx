import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { noteText } from "~/lib/request-notes";
import { DataTable, type Column } from "./DataTable";
import type { RoundRow } from "#shared/answers/console-rooms";

/** A room's rounds with the figures that let an operator check each one (fairness: commit, seed). */
export function RoundsTable({ rounds }: { rounds: RoundRow[] }) {
  const { t } = useTranslation(["admin", "game"]);
  const money = (n: number) => <Money value={n} />;
  const columns: Column<RoundRow>[] = [
    {
      head: t("rounds.round"),
      cell: (r) => (
        <>
          {r.seqno}
          <div className="muted">
            <PlayerTime ms={r.drawAt} zone />
          </div>
        </>
      ),
    },
    {
      head: t("rounds.result"),
      className: "wrap", // a void's reason is a sentence: it wraps instead of pushing the figures off screen
      cell: (r) =>
        r.status === "void" ? (
          <>
            <span className="badge danger">{t("rounds.voidBadge")}</span>
            {r.voidNote ? (
              <div className="muted">{noteText(t, r.voidNote)}</div>
            ) : r.voidReason ? (
              <div className="muted">{t(`game:result.voidReasons.${r.voidReason}`)}</div>
            ) : null}
            {r.voidedBy ? <div className="muted">{t("rounds.voidedBy", { name: r.voidedBy })}</div> : null}
          </>
        ) : r.numbers ? (
          r.numbers.join(" ")
        ) : (
          t("rounds.open")
        ),
    },
    { head: t("rounds.bets"), className: "num", cell: (r) => r.bets },
    // Turnover counts once a round is drawn (worker/insight/reports.ts): before, its stakes are in play;
    // a voided round's were refunded. Neither reads as a turnover of 0.00 or as a house result.
    {
      head: t("rounds.turnover"),
      className: "num",
      cell: (r) =>
        r.status === "open" ? (
          <>
            {money(r.inPlay ?? 0)} <span className="muted">{t("rounds.inPlay")}</span>
          </>
        ) : r.status === "void" ? (
          <>
            {money(r.refunded ?? 0)} <span className="muted">{t("rounds.refunded")}</span>
          </>
        ) : (
          money(r.turnover)
        ),
    },
    { head: t("rounds.payouts"), className: "num", cell: (r) => (r.status === "settled" ? money(r.payouts) : "—") },
    { head: t("rounds.house"), className: "num", cell: (r) => (r.house === null ? "—" : money(r.house)) },
    { head: t("rounds.commit"), cell: (r) => <code title={r.commit}>{r.commit.slice(0, 12)}…</code> },
    { head: t("rounds.seed"), cell: (r) => (r.seed ? <code title={r.seed}>{r.seed.slice(0, 12)}…</code> : "—") },
  ];
  return (
    <DataTable
      label={t("rounds.title")}
      columns={columns}
      rows={rounds}
      rowKey={(r) => r.id}
      rowTestId={(r) => `round-${r.id}`}
    />
  );
}
