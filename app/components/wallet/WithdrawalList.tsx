import { useTranslation } from "react-i18next";
import { playerNoteText } from "~/lib/request-notes";
import { Money } from "~/components/Money";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import { playerTime } from "~/lib/player-time";
import { payoutAccountShort } from "#shared/payout-account";
import type { WithdrawalList as Withdrawals } from "#shared/answers/wallet";
import { EmptyState } from "../EmptyState";
import { Pager } from "./Pager";
import { requestRef } from "#shared/request-ref";
import { playerCoinLine } from "~/lib/payout";
import { useAppConfig } from "~/lib/root-data";
import { formatDecimal } from "~/lib/number-format";
import { StatusBadge } from "./StatusBadge";

/** The player's own withdrawals, newest first: where each went and where it stands. */
export function WithdrawalList({ withdrawals }: { withdrawals: Withdrawals }) {
  const { t } = useTranslation("wallet");
  const { currency } = useAppConfig();
  if (!withdrawals.list.length && withdrawals.page <= 1) return <EmptyState text={t("withdraw.empty")} />;
  return (
    <>
      <ZoneNote />
      <ul className="request-list" data-testid="withdrawal-list">
        {withdrawals.list.map((w) => (
          <li key={w.id} className="request-row">
            <div className="request-main">
              <span className="request-amount">
                <Money value={w.money} />
              </span>
              <StatusBadge status={w.status} />
            </div>
            <div className="request-meta">
              <code className="request-ref" data-testid="request-ref">
                {requestRef("withdrawal", w.id)}
              </code>
              <span>{payoutAccountShort(w.card)}</span>
              <PlayerTime ms={w.time} />
            </div>
            <div className="request-note">
              {w.status === "pending"
                ? t("withdraw.pendingNote")
                : t(w.status === "approved" ? "withdraw.approvedAt" : "withdraw.rejectedAt", {
                    time: playerTime(w.decidedAt ?? w.time),
                  })}
              {w.note ? ` · ${playerNoteText(t, w.note)}` : ""}
            </div>
            {w.coin && w.status !== "rejected" ? (
              <div className="request-note" data-testid="coin-quote">
                {playerCoinLine(t, w.coin.coin, `${formatDecimal(w.money, 2, 2)} ${currency}`, currency, w.coin)}
              </div>
            ) : null}
            {w.payout_ref ? (
              <div className="request-note">
                {t("withdraw.payoutRef")} <code className="selectable">{w.payout_ref}</code>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={withdrawals.page} hasMore={withdrawals.hasMore} next={withdrawals.next} prev={withdrawals.prev} />
    </>
  );
}
