// Article shapes of the content endpoints (worker/content/articles.ts).
export type ContentLanguage = "en" | "chs" | "cht" | "vi";

export type ArticleSummary = {
  id: number;
  group: number;
  img: string;
  createtime: number;
  language: ContentLanguage;
  localTitle: string;
  summary: string;
};

export type Article = ArticleSummary & { localContent: string };

export type ArticlePage = { list: ArticleSummary[]; page: number; hasMore: boolean };

/** The article groups of docs/product.md#constants-and-limits and the words the pages use for them. */
export const GROUPS = { news: 9, announcements: 14, help: 26 } as const;
export type GroupName = keyof typeof GROUPS;

/** The page's lang attribute for the language an article was actually written in. */
export const HTML_LANG: Record<ContentLanguage, string> = { en: "en", chs: "zh-CN", cht: "zh-TW", vi: "vi" };

/** An article screen's document title (its route handle's title, app/lib/page-title.ts). */
export const articleTitle = (data: { article?: ArticleSummary } | undefined) => data?.article?.localTitle;
