import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { noteText } from "~/lib/request-notes";
import { requestDetails, type QueueRow, type RequestKind } from "./RequestCard";

/** A deposit or withdrawal as the history lists it: the queue's row plus its decision. */
export type RequestHistoryRow = QueueRow & { status: string; decidedAt: number | null; decidedBy: string | null; note: string };

export type AdjustmentHistoryRow = {
  id: number;
  made: "alone" | "queued";
  userId: number;
  username: string;
  money: number;
  reason: string;
  status: string;
  requestedBy: string;
  decidedBy: string | null;
  askedAt: number;
  time: number;
};

function Headers({ keys }: { keys: string[] }) {
  const { t } = useTranslation("admin");
  return (
    <thead>
      <tr>
        {keys.map((k) => (
          <th key={k} scope="col">
            {t(`history.col.${k}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Decided (and, when asked, waiting) deposits or withdrawals: one row each, readable as it stands. */
export function RequestHistoryTable({ kind, rows }: { kind: RequestKind; rows: RequestHistoryRow[] }) {
  const { t } = useTranslation("admin");
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t(kind === "deposit" ? "history.deposits" : "history.withdrawals")}>
      <table className="admin-table history-table">
        <Headers keys={["request", "player", "amount", "status", "requested", "decided", "details", "note"]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={`history-${kind}-${r.id}`}>
              <td>{t(`approvals.${kind}Id`, { id: r.id })}</td>
              <td>
                <Link to={`/admin/players/${r.userId}`}>{r.username}</Link>
              </td>
              <td className="num">
                <Money value={r.money} />
              </td>
              <td>
                <span className={`status status-${r.status}`}>{t(`history.states.${r.status}`)}</span>
              </td>
              <td>
                <PlayerTime ms={r.time} zone />
              </td>
              <td>
                {r.decidedAt ? <PlayerTime ms={r.decidedAt} zone /> : "—"}
                {r.decidedBy ? <div className="muted">{t("history.by", { name: r.decidedBy })}</div> : null}
              </td>
              <td className="wrap">
                {requestDetails(kind, r, t).map((d) => (
                  <div key={d.key}>
                    <span className="muted">{d.label}:</span> {d.value}
                  </div>
                ))}
              </td>
              <td className="wrap">{r.note ? noteText(t, r.note) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every finished credit and debit: made alone, or queued and approved, rejected or cancelled. */
export function AdjustmentHistoryTable({ rows }: { rows: AdjustmentHistoryRow[] }) {
  const { t } = useTranslation("admin");
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("history.adjustments")}>
      <table className="admin-table history-table">
        <Headers keys={["time", "player", "amount", "status", "askedBy", "decidedBy", "reason"]} />
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.made}-${r.id}`} data-testid={`history-adjustment-${r.made}-${r.id}`}>
              <td>
                <PlayerTime ms={r.time} zone />
              </td>
              <td>
                <Link to={`/admin/players/${r.userId}`}>{r.username}</Link>
              </td>
              <td className="num">
                <Money value={r.money} signed />
              </td>
              <td>
                <span className={`status status-${r.status}`}>{t(`history.states.${r.status}`)}</span>
              </td>
              <td>{r.requestedBy}</td>
              <td>{r.decidedBy ?? "—"}</td>
              <td className="wrap">{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
