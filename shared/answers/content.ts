// The content calls' answers (docs/architecture.md#answers): worker/content/articles.ts builds ours; a legacy
// backend (proxy mode) sends its own columns, so every field is read with care (app/components/content/articles.server.ts).

/** An article as any backend of the contract may send it: the legacy columns, maybe our extras. */
export type WireArticle = Record<string, unknown> & {
  id?: number;
  group?: number;
  img?: string;
  createtime?: number;
  language?: "en" | "chs" | "cht" | "vi";
  localTitle?: string;
  summary?: string;
  localContent?: string;
};

export type WireArticleList = { list: WireArticle[] };
export type WireArticlePage = { list: WireArticle[]; page?: number; hasMore?: boolean };

/** A banner as any backend may send it: ours with `src` chosen for the reader's language, a legacy one with a path per language. */
export type WireBanner = Record<string, unknown>;
export type WireBannerList = { list: WireBanner[] };
