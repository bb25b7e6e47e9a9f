import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { loadGroup } from "~/components/content/articles.server";
import { ExpandableArticles } from "~/components/content/ExpandableArticles";
import { GROUPS } from "~/components/content/types";
import { NoticeList } from "~/components/notices/NoticeList";
import { UnreadBadge } from "~/components/notices/UnreadBadge";
import { callApi, requireProfile } from "~/lib/api.server";
import contentStyles from "~/styles/content.css?url";

export const handle = { i18n: ["content", "notices", "wallet"], title: "content:message.title" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

// docs/product.md#screens: (auth), news (group 9), announcements (group 14) and the player's own notices
// of decisions (docs/decisions/142), which are read once the inbox has shown them.
const TABS = ["news", "announcements", "inbox"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProfile(request, context);
  const url = new URL(request.url);
  const tab = (TABS as readonly string[]).includes(url.searchParams.get("tab") ?? "")
    ? (url.searchParams.get("tab") as Tab)
    : "news";
  const open = Number(url.searchParams.get("open") ?? "");
  if (tab !== "inbox") {
    const [articles, count] = await Promise.all([
      loadGroup(request, context, GROUPS[tab]),
      callApi(request, context, "/api/Game/getnoticecount"),
    ]);
    return {
      tab,
      open: Number.isInteger(open) ? open : undefined,
      articles,
      notices: null,
      unread: count.code === 1 ? count.data.unread : 0,
    };
  }
  const before = Number(url.searchParams.get("before") ?? "");
  const answer = await callApi(
    request,
    context,
    "/api/Game/getnotices",
    Number.isInteger(before) && before > 0 ? { before } : {},
  );
  const notices = answer.code === 1 ? answer.data : null;
  let unread = notices?.unread ?? 0;
  if (notices && notices.list.some((n) => !n.read)) {
    const read = await callApi(request, context, "/api/Game/readnotices", {
      upTo: notices.list[0].id,
    });
    if (read.code === 1) unread = read.data.unread;
  }
  return { tab, open: undefined, articles: null, notices, unread };
}

export default function Messages() {
  const { tab, open, articles, notices, unread } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["content", "notices"]);
  return (
    <main className="content-page">
      <PageHeader title={t("message.title")} back="/user" />
      <nav className="content-tabs" aria-label={t("news.tabs")}>
        {TABS.map((name) => (
          <Link
            key={name}
            to={`/message?tab=${name}`}
            replace
            className={name === tab ? "active" : undefined}
            aria-current={name === tab ? "page" : undefined}
          >
            {name === "inbox" ? t("notices:inbox.tab") : t(`groups.${name}`)}
            {name === "inbox" ? <UnreadBadge count={unread} testId="inbox-unread" /> : null}
          </Link>
        ))}
      </nav>
      {tab === "inbox" ? (
        notices ? (
          <NoticeList page={notices} />
        ) : (
          <p className="empty-note">{t("news.failed")}</p>
        )
      ) : articles ? (
        <ExpandableArticles articles={articles} openId={open} />
      ) : (
        <p className="empty-note">{t("news.failed")}</p>
      )}
    </main>
  );
}
