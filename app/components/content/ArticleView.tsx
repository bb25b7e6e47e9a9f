import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ArticleBody } from "./ArticleBody";
import { PlayerTime } from "~/components/PlayerTime";
import { HTML_LANG, type Article } from "./types";

/** One article page (/help/{id} and /info/{id}). */
export function ArticleView({ article, back }: { article: Article; back: string }) {
  const { t } = useTranslation("content");
  return (
    <main className="content-page">
      <PageHeader title={t(`groups.${groupName(article.group)}`)} back={back} />
      <article className="article" lang={HTML_LANG[article.language]}>
        <h1>{article.localTitle}</h1>
        <p className="meta">
          <PlayerTime ms={article.createtime} part="date" zone />
        </p>
        {article.img ? (
          <img
            className="article-cover"
            src={article.img}
            alt=""
            width={750}
            height={300}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <ArticleBody html={article.localContent} language={article.language} />
      </article>
    </main>
  );
}

function groupName(group: number): "news" | "announcements" | "help" | "article" {
  if (group === 9) return "news";
  if (group === 14) return "announcements";
  if (group === 26) return "help";
  return "article";
}
