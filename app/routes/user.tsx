import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BalanceCard } from "~/components/BalanceCard";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { Money } from "~/components/Money";
import { PlayerTime } from "~/components/PlayerTime";
import { RestrictedNotice } from "~/components/protection/RestrictedNotice";
import { UnreadBadge } from "~/components/notices/UnreadBadge";
import { callApi, requireProfile } from "~/lib/api.server";
import { useUnreadNotices } from "~/lib/root-data";
import { vipLevelName } from "#shared/names";

export const handle = { tabBar: true, title: "common:user.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  const answer = await callApi(request, context, "/api/Game/getassets");
  return { profile, assets: answer.code === 1 ? answer.data : null };
}

export default function User() {
  const { profile, assets } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const unread = useUnreadNotices();
  return (
    <main>
      {profile.restricted ? <RestrictedNotice restriction={profile.restricted} /> : null}
      <section className="profile">
        <h1>{profile.nickname}</h1>
        <span className="badge">{vipLevelName(t, profile.level)}</span>
        {assets?.vip?.next ? (
          <div className="vip-progress" data-testid="vip-progress">
            <progress value={Math.min(assets.vip.turnover, assets.vip.next.turnover)} max={assets.vip.next.turnover} />
            <span className="muted">
              {t("user.vipTurnover")} <Money value={assets.vip.turnover} /> / <Money value={assets.vip.next.turnover} />{" "}
              {t("user.vipTo", {
                // the level's name is one piece ("VIP 2 · Bạc"): its words never part across lines
                level: vipLevelName(t, assets.vip.next.level).replaceAll(" ", "\u00a0"),
              })}
            </span>
          </div>
        ) : assets?.vip ? (
          <p className="muted vip-progress" data-testid="vip-progress">
            {t("user.vipTop")}
          </p>
        ) : null}
        {assets ? (
          <div className="total-assets" data-testid="total-assets">
            <div className="label">{t("user.totalAssets")}</div>
            <div className="amount">
              <Money value={assets.total} />
            </div>
          </div>
        ) : null}
        <BalanceCard
          money={profile.money}
          withdrawable={profile.leftmoney}
          withdrawing={profile.withdrawing}
          deposit={!profile.restricted}
        >
          {assets ? (
            <Link className="locked-funds" to="/productorder" data-testid="locked-funds">
              <span className="label">{t("user.locked")}</span>
              <span className="amount">
                <Money value={assets.locked} />
              </span>
              <span className="muted">
                {assets.nextMaturity ? (
                  <>
                    {t("user.nextMaturity")} <Money value={assets.nextMaturity.principal} /> ·{" "}
                    <PlayerTime ms={assets.nextMaturity.at} zone />
                  </>
                ) : (
                  t("user.nothingLocked")
                )}
              </span>
            </Link>
          ) : null}
        </BalanceCard>
      </section>
      <ul className="menu">
        <li>
          <Link to="/my_income">{t("user.income")}</Link>
        </li>
        <li>
          <Link to="/betlist">{t("user.betRecords")}</Link>
        </li>
        <li>
          <Link to="/finance">{t("user.finance")}</Link>
        </li>
        <li>
          <Link to="/user/limits">{t("protection.title")}</Link>
        </li>
        <li>
          <Link to={unread > 0 ? "/message?tab=inbox" : "/message"}>
            <span>{t("user.messages")}</span>
            <UnreadBadge count={unread} testId="menu-unread" />
          </Link>
        </li>
        <li>
          <Link to="/my_password">{t("user.security")}</Link>
        </li>
        <li>
          <Link to="/languageSet">{t("user.language")}</Link>
        </li>
        <li>
          <Link to="/my_set">{t("user.settings")}</Link>
        </li>
      </ul>
      <div className="section-gap" />
      <ul className="menu">
        <li>
          <Link to="?confirm=logout" replace>
            {t("user.logout")}
          </Link>
        </li>
      </ul>
      {params.get("confirm") === "logout" ? (
        <ConfirmDialog message={t("settings.logoutConfirm")} action="/logout" cancelTo="/user" />
      ) : null}
    </main>
  );
}
