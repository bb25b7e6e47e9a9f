import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { formatMoney } from "~/lib/game";
import { useAppConfig } from "~/lib/root-data";

/** Entry refused (2004 balance below the room's minimum, 2055 VIP level, 1020 trading stopped, 1057 no room). */
export function RoomRefused({ code, message, balance }: { code: number; message: string; balance: number }) {
  const { t } = useTranslation("game");
  const { currency } = useAppConfig();
  return (
    <main className="game-room">
      <PageHeader title={t("room.refusedTitle")} back="/" />
      <section className="refused card" role="alert">
        <p className="refused-message">{message}</p>
        <p className="muted">
          {t("room.balance")}: {formatMoney(balance)} {currency}
        </p>
        <div className="refused-actions">
          {code === 2004 ? (
            <Link className="button" to="/recharge">
              {t("room.deposit")}
            </Link>
          ) : null}
          <Link className="button secondary" to="/room_list/1">
            {t("room.otherRooms")}
          </Link>
        </div>
      </section>
    </main>
  );
}
