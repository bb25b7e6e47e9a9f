import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadArticlePage, loadBanners } from "~/components/content/articles.server";
import { Icon } from "~/components/content/Icon";
import { GROUPS, HTML_LANG } from "~/components/content/types";
import { BannerCarousel } from "~/components/home/BannerCarousel";
import { CryptoPricesAfterHydration } from "~/components/home/CryptoPricesAfterHydration";
import { GameTiles } from "~/components/home/GameTiles";
import { Greeting } from "~/components/home/Greeting";
import { HomeShortcuts } from "~/components/home/HomeShortcuts";
import { callApi, optionalProfile } from "~/lib/api.server";
import { languageNames } from "~/lib/i18n";
import contentStyles from "~/styles/content.css?url";

export const handle = { tabBar: true, i18n: ["content", "game"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [profile, banners, games, notices, help, prices] = await Promise.all([
    optionalProfile(request, context),
    loadBanners(request, context),
    callApi(request, context, "/api/Game/getGameList"),
    loadArticlePage(request, context, GROUPS.announcements, 1),
    loadArticlePage(request, context, GROUPS.help, 1),
    context.lastPrices(),
  ]);
  return {
    profile,
    banners,
    games: games.code === 1 && Array.isArray(games.data?.list) ? games.data.list : [],
    notice: notices?.list[0] ?? null,
    help: help?.list ?? [],
    prices,
  };
}

export default function Home() {
  const { profile, banners, games, notice, help, prices } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("content");
  const lng = i18n.language as keyof typeof languageNames;
  return (
    <main className="home">
      <header className="home-bar">
        <h1 className="brand">
          <img src="/icons/icon.svg" alt="" width={28} height={28} />
          {t("common:appName")}
        </h1>
        <nav className="home-bar-links">
          {/* the accessible name holds the visible text (WCAG 2.5.3): "Language: English" */}
          <Link to="/languageSet" className="pill">
            <Icon name="globe" size={16} /> <span className="visually-hidden">{`${t("home.language")}: `}</span>
            {languageNames[lng] ?? languageNames.en}
          </Link>
          <Link to="/message" className="icon-link" aria-label={t("message.title")}>
            <Icon name="mail" size={18} />
          </Link>
        </nav>
      </header>
      <BannerCarousel banners={banners} />
      {notice ? (
        <Link to={`/info/${notice.id}`} className="notice-bar" lang={HTML_LANG[notice.language]}>
          <span className="notice-tag">{t("home.notice")}</span>
          <span className="notice-text">{notice.localTitle}</span>
          <span aria-hidden="true">›</span>
        </Link>
      ) : null}
      <Greeting profile={profile} />
      <GameTiles games={games} />
      <HomeShortcuts />
      <CryptoPricesAfterHydration initial={prices} />
      {help.length > 0 ? (
        <section className="home-section" aria-labelledby="help-title">
          <div className="section-head">
            <h2 id="help-title">{t("home.help")}</h2>
            <Link to="/help/list?tab=help">{t("home.moreHelp")}</Link>
          </div>
          <ul className="help-chips">
            {help.map((article) => (
              <li key={article.id}>
                <Link to={`/help/${article.id}`} lang={HTML_LANG[article.language]}>
                  {article.localTitle}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
