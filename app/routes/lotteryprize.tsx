import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { CryptoPrices } from "~/components/home/CryptoPrices";
import { callApi, optionalProfile } from "~/lib/api.server";
import { formatMoney } from "~/lib/game";
import { useAppConfig } from "~/lib/root-data";
import contentStyles from "~/styles/content.css?url";
import gameStyles from "~/styles/game.css?url";

export const handle = { i18n: ["game", "content"], tabBar: true, title: "game:trend.title" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: gameStyles },
  { rel: "stylesheet", href: contentStyles },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [profile, prices] = await Promise.all([optionalProfile(request, context), context.lastPrices()]);
  if (!profile) return { trend: null, failed: null, prices };
  const answer = await callApi(request, context, "/api/Game/getTrendData");
  return { trend: answer.code === 1 ? answer.data : null, failed: answer.code === 1 ? null : answer.info, prices };
}

function Figure({ label, value, signed }: { label: string; value: number; signed?: boolean }) {
  const tone = signed && value > 0 ? " good" : signed && value < 0 ? " bad" : "";
  return (
    <div className="trend-figure">
      <span className="muted">{label}</span>
      <strong className={`num${tone}`}>
        {signed && value > 0 ? "+" : ""}
        {formatMoney(value)}
      </strong>
    </div>
  );
}

export default function LotteryPrize() {
  const { trend, failed, prices } = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const { currency } = useAppConfig();
  return (
    <main className="trend-page">
      <PageHeader title={t("trend.title")} back={null} />
      {/* one column of cards, the market's card as wide as the player's own */}
      <div className="trend-cards">
        <section className="trend-mine" aria-label={t("trend.mine")}>
          {trend ? (
            <>
              <div className="card trend-card">
                <h2>{t("trend.today")}</h2>
                <Figure label={t("trend.win", { currency })} value={trend.todaywin} signed />
                <Figure label={t("trend.turnover", { currency })} value={trend.todaytotal} />
              </div>
              <div className="card trend-card">
                <h2>{t("trend.yesterday")}</h2>
                <Figure label={t("trend.win", { currency })} value={trend.yeswin} signed />
                <Figure label={t("trend.turnover", { currency })} value={trend.yestotal} />
              </div>
            </>
          ) : failed ? (
            <p className="form-error">{failed}</p>
          ) : (
            <div className="card trend-guest">
              <p>{t("trend.guest")}</p>
              <Link className="button" to="/login?redirectTo=%2Flotteryprize">
                {t("trend.login")}
              </Link>
            </div>
          )}
        </section>
        <CryptoPrices initial={prices} placement="column-card" />
      </div>
    </main>
  );
}
