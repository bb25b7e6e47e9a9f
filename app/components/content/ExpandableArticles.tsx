import { useTranslation } from "react-i18next";
import { ArticleBody } from "./ArticleBody";
import { PlayerTime, ZoneNote } from "~/components/PlayerTime";
import { HTML_LANG, type Article } from "./types";
import { EmptyState } from "../EmptyState";

/** Messages that open in place (native <details>, so they work without JavaScript). */
export function ExpandableArticles({ articles, openId }: { articles: Article[]; openId?: number }) {
  const { t } = useTranslation("content");
  if (articles.length === 0) return <EmptyState text={t("message.empty")} />;
  return (
    <div className="expandable-list">
      <ZoneNote />
      {articles.map((article) => (
        <details key={article.id} className="expandable" open={article.id === openId} id={`article-${article.id}`}>
          <summary lang={HTML_LANG[article.language]}>
            <span className="expandable-title">{article.localTitle}</span>
            <span className="meta">
              <PlayerTime ms={article.createtime} part="date" />
            </span>
          </summary>
          <ArticleBody html={article.localContent} language={article.language} />
        </details>
      ))}
    </div>
  );
}
