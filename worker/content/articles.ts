import type { ApiLang } from "#shared/messages";
import type { ArticleRow, BannerRow } from "./article-queries";
import { localizedLanguage, pickLocalized, type LocalizedColumns } from "#shared/content/languages";
import { htmlToText, safeUrl, sanitizeHtml } from "#shared/content/sanitize-html";

const titleColumns = (row: ArticleRow): LocalizedColumns => ({
  default: row.title,
  cht: row.titleFt,
  en: row.titleYw,
  vi: row.titleVi,
});
const contentColumns = (row: ArticleRow): LocalizedColumns => ({
  default: row.content,
  cht: row.contentFt,
  en: row.contentYw,
  vi: row.contentVi,
});

/**
 * A list row: the legacy columns as stored plus the title already in the player's language
 * (`localTitle`, falling back to English, then the default) and a plain-text `summary`.
 */
export function articleListItem(row: ArticleRow, lang: ApiLang) {
  return {
    id: row.id,
    group: row.groupId,
    title: row.title,
    title_ft: row.titleFt,
    title_yw: row.titleYw,
    title_vi: row.titleVi,
    img: safeUrl(row.img) ?? "",
    sort: row.sort,
    createtime: row.createdAtMs,
    language: localizedLanguage(titleColumns(row), lang),
    localTitle: pickLocalized(titleColumns(row), lang),
    summary: articleSummary(row, lang),
  };
}

/** An article's text as plain words in the reader's language (falling back to English, then the default). */
export const articleSummary = (row: ArticleRow, lang: ApiLang) => htmlToText(pickLocalized(contentColumns(row), lang));

/**
 * A whole article with `localContent`, served as stored: every way in (worker/content/article-queries.ts
 * saveArticleStatement, the seed) sanitized it once (docs/decisions/101).
 */
export function articleWithContent(row: ArticleRow, lang: ApiLang) {
  return {
    ...articleListItem(row, lang),
    content: row.content,
    content_ft: row.contentFt,
    content_yw: row.contentYw,
    content_vi: row.contentVi,
    localContent: pickLocalized(contentColumns(row), lang),
  };
}

const HTML_FIELDS = ["content", "content_ft", "content_yw", "content_vi", "localContent"];
const ARTICLE_PATHS = new Set([
  "/api/Game/getArticledetail",
  "/api/Game/getOneclassArticle",
  "/api/Game/getArticlelist",
]);

/** An upstream's article as the app may show it: HTML fields sanitized, the image URL checked. */
function sanitizedUpstreamArticle(article: unknown): unknown {
  if (typeof article !== "object" || article === null || Array.isArray(article)) return article;
  const out: Record<string, unknown> = { ...article };
  for (const field of HTML_FIELDS) if (typeof out[field] === "string") out[field] = sanitizeHtml(out[field]);
  if (typeof out.img === "string") out.img = safeUrl(out.img) ?? "";
  return out;
}

/**
 * Proxy mode: article content from an upstream backend has not been through our writes, so it is
 * sanitized once, here, as it comes in (docs/decisions/101). Other answers pass unchanged.
 */
export function sanitizeUpstreamArticles(path: string, data: unknown): unknown {
  if (!ARTICLE_PATHS.has(path) || typeof data !== "object" || data === null) return data;
  const list = (data as { list?: unknown }).list;
  if (Array.isArray(list)) return { ...data, list: list.map(sanitizedUpstreamArticle) };
  return sanitizedUpstreamArticle(data);
}

/** The article a banner links to (/info/{id} or /help/{id}), whose title describes the banner. */
export function linkedArticleId(link: string): number | null {
  const match = /^\/(?:info|help)\/(\d{1,9})$/.exec(link);
  return match ? Number(match[1]) : null;
}

/** A banner with its image for the player's language (`src`) and a text alternative (`title`). */
export function bannerItem(row: BannerRow, lang: ApiLang, linkedTitle: string) {
  const paths: LocalizedColumns = { default: row.path, cht: row.pathTw, en: row.pathYw, vi: row.pathVi };
  return {
    id: row.id,
    path: row.path,
    path_tw: row.pathTw,
    path_yw: row.pathYw,
    path_vi: row.pathVi,
    src: safeUrl(pickLocalized(paths, lang)) ?? "",
    link: safeUrl(row.link) ?? "",
    title: linkedTitle,
    sort: row.sort,
  };
}
