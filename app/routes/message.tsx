import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { loadGroup } from "~/components/content/articles.server";
import { ExpandableArticles } from "~/components/content/ExpandableArticles";
import { GroupTabs, tabFromUrl } from "~/components/content/GroupTabs";
import { GROUPS, type GroupName } from "~/components/content/types";
import { requireProfile } from "~/lib/api.server";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content"], title: "content:message.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

// docs/product.md#screens: (auth), two tabs, news (group 9) and announcements (group 14), items open in place.
const TABS: GroupName[] = ["news", "announcements"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const tab = tabFromUrl(request, TABS);
  const open = Number(new URL(request.url).searchParams.get("open") ?? "");
  return { tab, open: Number.isInteger(open) ? open : undefined, articles: await loadGroup(request, context, GROUPS[tab]) };
}

export default function Messages() {
  const { tab, open, articles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <main className="content-page">
      <PageHeader title={t("message.title")} back="/user" />
      <GroupTabs tabs={TABS} current={tab} path="/message" />
      {articles ? <ExpandableArticles articles={articles} openId={open} /> : <p className="empty-note">{t("news.failed")}</p>}
    </main>
  );
}
