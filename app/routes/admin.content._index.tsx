import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/wallet/Pager";
import { loadAdmin } from "~/lib/operator.server";
import { PlayerTime } from "~/components/PlayerTime";
import { pickLocalized } from "#shared/content/languages";
import { apiLang } from "#shared/messages";
import { ARTICLE_GROUPS } from "#shared/forms/content";

export const handle = { title: "admin:content.title" };

const GROUPS = ARTICLE_GROUPS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const group = Number(url.searchParams.get("group") ?? 9);
  const page = url.searchParams.get("page") ?? "1";
  const articles = await loadAdmin(request, context, "/api/admin/articles", { group, page });
  return { group, ...articles };
}

/** The articles of one group (news 9, announcements 14, help 26), pinned first, then newest. */
export default function Content() {
  const { group, list, page, hasMore } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  return (
    <main className="admin-main">
      <div className="row admin-title-row">
        <h1>{t("content.title")}</h1>
        <Link className="button small" to={`/admin/content/new?group=${group}`}>
          {t("content.new")}
        </Link>
      </div>
      <nav className="admin-tabs" aria-label={t("content.groups")}>
        {/* Link, not NavLink: the three groups share one path, and NavLink ignores the query string, so it
            would mark every group current */}
        {GROUPS.map((g) => (
          <Link
            key={g}
            to={`/admin/content?group=${g}`}
            className={g === group ? "active" : undefined}
            aria-current={g === group ? "page" : undefined}
          >
            {t(`content.group.${g}`)}
          </Link>
        ))}
        <NavLink to="/admin/banners">{t("banners.title")}</NavLink>
      </nav>
      {list.length === 0 ? <p className="muted">{t("content.none")}</p> : null}
      <ul className="admin-list">
        {list.map((a) => (
          <li key={a.id}>
            <Link to={`/admin/content/${a.id}`}>
              {/* the operator's own language first, then English, then the default column */}
              <strong>
                {pickLocalized(
                  { default: a.title, cht: a.title_ft, en: a.title_yw, vi: a.title_vi },
                  apiLang(i18n.language),
                )}
              </strong>
              <span className="muted">#{a.id}</span>
              <span className="muted admin-list-wide">{a.summary}</span>
              <span className="muted">
                <PlayerTime ms={a.createtime} zone />
              </span>
              {a.missing.length > 0 ? (
                <span className="lang-missing" data-testid={`missing-${a.id}`}>
                  {t("content.missing", { langs: a.missing.map((lang) => t(`content.lang.${lang}`)).join(", ") })}
                </span>
              ) : (
                <span className="muted">{t("content.complete")}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <Pager page={page} hasMore={hasMore} />
    </main>
  );
}
