import { useTranslation } from "react-i18next";
import { playerNoteText } from "~/lib/request-notes";
import { Money } from "~/components/Money";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import { playerTime } from "~/lib/player-time";
import type { DepositList as Deposits } from "#shared/answers/wallet";
import { EmptyState } from "../EmptyState";
import { Pager } from "./Pager";
import { requestRef } from "#shared/request-ref";
import { StatusBadge } from "./StatusBadge";

/** The player's own deposit requests, newest first, each with where it stands. */
export function DepositList({ deposits }: { deposits: Deposits }) {
  const { t } = useTranslation("wallet");
  if (!deposits.list.length && deposits.page <= 1) return <EmptyState text={t("recharge.empty")} />;
  return (
    <>
      <ZoneNote />
      <ul className="request-list" data-testid="deposit-list">
        {deposits.list.map((d) => (
          <li key={d.id} className="request-row">
            <div className="request-main">
              <span className="request-amount">
                <Money value={d.money} />
              </span>
              <StatusBadge status={d.status} />
            </div>
            <div className="request-meta">
              <code className="request-ref" data-testid="request-ref">
                {requestRef("deposit", d.id)}
              </code>
              <span>{t("recharge.payerIs", { name: d.pay_name })}</span>
              {d.pay_ref ? <span>{t("recharge.payRefIs", { ref: d.pay_ref })}</span> : null}
              <PlayerTime ms={d.time} />
            </div>
            {d.status === "pending" ? <div className="request-note">{t("recharge.pendingNote")}</div> : null}
            {d.status !== "pending" && d.decidedAt ? (
              <div className="request-note">
                {t(d.status === "approved" ? "recharge.approvedAt" : "recharge.rejectedAt", {
                  time: playerTime(d.decidedAt),
                })}
                {d.note ? ` · ${playerNoteText(t, d.note)}` : ""}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={deposits.page} hasMore={deposits.hasMore} next={deposits.next} prev={deposits.prev} />
    </>
  );
}
