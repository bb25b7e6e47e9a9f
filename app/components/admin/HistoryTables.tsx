import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { useAppConfig } from "~/lib/root-data";
import { noteText } from "~/lib/request-notes";
import { DataTable, type Column } from "./DataTable";
import { adjustmentRef, requestRef } from "#shared/request-ref";
import { requestDetails, type RequestKind } from "./RequestCard";
import type { AdjustmentHistoryRow, RequestHistoryRow } from "#shared/answers/console-wallet";

/** Decided (and, when asked, waiting) deposits or withdrawals: one row each, readable as it stands. */
export function RequestHistoryTable({ kind, rows }: { kind: RequestKind; rows: RequestHistoryRow[] }) {
  const { t } = useTranslation("admin");
  const { currency } = useAppConfig();
  const columns: Column<RequestHistoryRow>[] = [
    { head: t("history.col.request"), cell: (r) => t(`approvals.${kind}Id`, { ref: requestRef(kind, r.id) }) },
    { head: t("history.col.player"), cell: (r) => <Link to={`/admin/players/${r.userId}`}>{r.username}</Link> },
    { head: t("history.col.amount"), className: "num", cell: (r) => <Money value={r.money} /> },
    {
      head: t("history.col.status"),
      cell: (r) => <span className={`status status-${r.status}`}>{t(`history.states.${r.status}`)}</span>,
    },
    { head: t("history.col.requested"), cell: (r) => <PlayerTime ms={r.time} zone /> },
    {
      head: t("history.col.decided"),
      cell: (r) => (
        <>
          {r.decidedAt ? <PlayerTime ms={r.decidedAt} zone /> : "—"}
          {r.decidedBy ? <div className="muted">{t("history.by", { name: r.decidedBy })}</div> : null}
        </>
      ),
    },
    {
      head: t("history.col.details"),
      className: "wrap",
      cell: (r) =>
        requestDetails(kind, r, t, {}, currency).map((d) => (
          <div key={d.key}>
            <span className="muted">{d.label}:</span> {d.value}
          </div>
        )),
    },
    { head: t("history.col.note"), className: "wrap", cell: (r) => (r.note ? noteText(t, r.note) : "—") },
  ];
  return (
    <DataTable
      label={t(kind === "deposit" ? "history.deposits" : "history.withdrawals")}
      className="history-table"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowTestId={(r) => `history-${kind}-${r.id}`}
    />
  );
}

/** Every credit and debit: made alone, or queued and waiting, approved, rejected or cancelled. */
export function AdjustmentHistoryTable({ rows }: { rows: AdjustmentHistoryRow[] }) {
  const { t } = useTranslation("admin");
  const columns: Column<AdjustmentHistoryRow>[] = [
    { head: t("history.col.request"), cell: (r) => adjustmentRef(r.made, r.id) },
    { head: t("history.col.time"), cell: (r) => <PlayerTime ms={r.time} zone /> },
    { head: t("history.col.player"), cell: (r) => <Link to={`/admin/players/${r.userId}`}>{r.username}</Link> },
    { head: t("history.col.amount"), className: "num", cell: (r) => <Money value={r.money} signed /> },
    {
      head: t("history.col.status"),
      cell: (r) => <span className={`status status-${r.status}`}>{t(`history.states.${r.status}`)}</span>,
    },
    { head: t("history.col.askedBy"), cell: (r) => r.requestedBy ?? "—" },
    { head: t("history.col.decidedBy"), cell: (r) => r.decidedBy ?? "—" },
    { head: t("history.col.reason"), className: "wrap", cell: (r) => r.reason },
  ];
  return (
    <DataTable
      label={t("history.adjustments")}
      className="history-table"
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.made}-${r.id}`}
      rowTestId={(r) => `history-adjustment-${r.made}-${r.id}`}
    />
  );
}
