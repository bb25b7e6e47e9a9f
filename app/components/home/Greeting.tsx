import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BalanceCard } from "~/components/BalanceCard";
import type { Profile } from "#shared/answers/account";
import { vipLevelName } from "#shared/names";

/** The player's nickname, VIP level and balance with quick money actions; a log-in prompt for guests. */
export function Greeting({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation(["content", "common"]);
  if (!profile) {
    return (
      <section className="greeting guest" aria-labelledby="greeting-title">
        <div>
          <h2 id="greeting-title">{t("home.guestTitle")}</h2>
          <p>{t("home.guestText")}</p>
        </div>
        <div className="greeting-actions">
          <Link className="button" to="/login">
            {t("home.login")}
          </Link>
          <Link className="button secondary" to="/register">
            {t("home.register")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="greeting" aria-labelledby="greeting-title">
      <div className="greeting-top">
        <span className="avatar" aria-hidden="true">
          {profile.nickname.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h2 id="greeting-title">{t("home.greeting", { name: profile.nickname })}</h2>
          <span className="badge">{vipLevelName(t, profile.level)}</span>
        </div>
      </div>
      <BalanceCard
        money={profile.money}
        withdrawable={profile.leftmoney}
        withdrawing={profile.withdrawing}
        deposit={!profile.restricted}
        testId="home-balance"
      />
    </section>
  );
}
