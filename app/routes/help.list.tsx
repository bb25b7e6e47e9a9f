import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ArticleLinks } from "~/components/content/ArticleLinks";
import { loadArticlePage } from "~/components/content/articles.server";
import { GroupTabs, tabFromUrl } from "~/components/content/GroupTabs";
import { GROUPS, type GroupName } from "~/components/content/types";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content"], title: "content:news.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

// Public: news first (docs/product.md#screens), with announcements and help beside it so guests can read them too.
const TABS: GroupName[] = ["news", "announcements", "help"];
const MAX_PAGE = 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tab = tabFromUrl(request, TABS);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= MAX_PAGE ? pageParam : 1;
  const articles = await loadArticlePage(request, context, GROUPS[tab], page);
  return { tab, page, articles };
}

export default function NewsList() {
  const { tab, page, articles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <main className="content-page">
      <PageHeader title={t("news.title")} back="/" />
      <GroupTabs tabs={TABS} current={tab} path="/help/list" />
      {articles ? (
        <ArticleLinks articles={articles.list} basePath="/help" />
      ) : (
        <p className="empty-note">{t("news.failed")}</p>
      )}
      {articles && (page > 1 || articles.hasMore) ? (
        <nav className="pager" aria-label={t("news.pages")}>
          {page > 1 ? <Link to={`/help/list?tab=${tab}&page=${page - 1}`}>‹ {t("news.newer")}</Link> : <span />}
          <span className="muted">{t("news.page", { page })}</span>
          {articles.hasMore ? <Link to={`/help/list?tab=${tab}&page=${page + 1}`}>{t("news.older")} ›</Link> : <span />}
        </nav>
      ) : null}
    </main>
  );
}
