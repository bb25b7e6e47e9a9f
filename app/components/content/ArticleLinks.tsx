import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import { HTML_LANG, type ArticleSummary } from "./types";
import { EmptyState } from "../EmptyState";

/** Titles with a short summary and date, each opening the article page under `basePath`. */
export function ArticleLinks({ articles, basePath }: { articles: ArticleSummary[]; basePath: "/help" | "/info" }) {
  const { t } = useTranslation("content");
  if (articles.length === 0) return <EmptyState text={t("news.empty")} />;
  return (
    <>
      <ZoneNote />
      <ul className="article-links">
        {articles.map((article) => (
          <li key={article.id}>
            <Link to={`${basePath}/${article.id}`} lang={HTML_LANG[article.language]}>
              <strong>{article.localTitle}</strong>
              {article.summary ? <span className="summary">{article.summary}</span> : null}
              <span className="meta">
                <PlayerTime ms={article.createtime} part="date" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
