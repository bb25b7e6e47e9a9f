import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { noteText } from "~/lib/request-notes";
import { TableScroll } from "./TableScroll";

export type RoundRow = { id: number; seqno: number; commit: string; seed: string | null; numbers: number[] | null; status: string; drawAt: number; voidReason?: string | null; voidNote?: string | null; voidedBy?: string | null; bets: number; turnover: number; payouts: number; house: number | null; inPlay?: number };

/** A room's rounds with the figures that let an operator check each one (fairness: commit, seed). */
export function RoundsTable({ rounds }: { rounds: RoundRow[] }) {
  const { t } = useTranslation(["admin", "game"]);
  const money = (n: number) => <Money value={n} />;
  return (
    <TableScroll label={t("rounds.title")}>
      <table className="admin-table">
        <thead>
          <tr>
            {["rounds.round", "rounds.result", "rounds.bets", "rounds.turnover", "rounds.payouts", "rounds.house", "rounds.commit", "rounds.seed"].map((k) => (
              <th key={k} scope="col">
                {t(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => (
            <tr key={r.id}>
              <td>
                {r.seqno}
                <div className="muted">
                  <PlayerTime ms={r.drawAt} zone />
                </div>
              </td>
              <td>
                {r.status === "void" ? (
                  <>
                    <span className="badge danger">{t("rounds.voidBadge")}</span>
                    {r.voidNote ? <div className="muted">{noteText(t, r.voidNote)}</div> : r.voidReason ? <div className="muted">{t(`game:result.voidReasons.${r.voidReason}`)}</div> : null}
                    {r.voidedBy ? <div className="muted">{t("rounds.voidedBy", { name: r.voidedBy })}</div> : null}
                  </>
                ) : r.numbers ? (
                  r.numbers.join(" ")
                ) : (
                  t("rounds.open")
                )}
              </td>
              <td className="num">{r.bets}</td>
              <td className="num">{money(r.turnover)}</td>
              <td className="num">{money(r.payouts)}</td>
              <td className="num">
                {r.house === null ? (
                  <>
                    {money(r.inPlay ?? 0)} {t("rounds.inPlay")}
                  </>
                ) : (
                  money(r.house)
                )}
              </td>
              <td>
                <code title={r.commit}>{r.commit.slice(0, 12)}…</code>
              </td>
              <td>{r.seed ? <code title={r.seed}>{r.seed.slice(0, 12)}…</code> : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
