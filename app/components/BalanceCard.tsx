import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Money } from "~/components/Money";

/**
 * The player's money at a glance with Recharge and Withdraw, one card wherever it is shown (home greeting,
 * /user, /finance). `children` sit between the amounts and the buttons (/user: what is locked in finance).
 * A restricted player (time-out, self-exclusion: docs/decisions/142) gets no Recharge button.
 */
export function BalanceCard({
  money,
  withdrawable,
  withdrawing = 0,
  testId = "balance",
  deposit = true,
  children,
}: {
  money: number;
  withdrawable?: number;
  /** held for withdrawals not yet paid out: shown while there is some */
  withdrawing?: number;
  testId?: string;
  deposit?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="balance-card">
      <div className="balance">
        <div>
          <div className="label">{t("user.balance")}</div>
          <div className="amount" data-testid={testId}>
            <Money value={money} />
          </div>
        </div>
        {withdrawable === undefined ? null : (
          <div>
            <div className="label">{t("user.withdrawable")}</div>
            <div className="amount" data-testid="withdrawable">
              <Money value={withdrawable} />
            </div>
          </div>
        )}
      </div>
      {withdrawing > 0 ? (
        <Link className="withdrawing" to="/withdraw" data-testid="withdrawing">
          <span className="label">{t("user.withdrawing")}</span> <Money value={withdrawing} />
        </Link>
      ) : null}
      {children}
      <div className="balance-actions">
        {deposit ? (
          <Link className="button" to="/recharge">
            {t("user.recharge")}
          </Link>
        ) : null}
        <Link className="button secondary" to="/withdraw">
          {t("user.withdraw")}
        </Link>
      </div>
    </div>
  );
}
