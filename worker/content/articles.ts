import type { ApiLang } from "../api/i18n";
import type { ArticleRow, BannerRow } from "../db/articles";
import { localizedLanguage, pickLocalized, type LocalizedColumns } from "./languages";
import { htmlToText, safeUrl, sanitizeHtml } from "./sanitize-html";

const titleColumns = (row: ArticleRow): LocalizedColumns => ({ default: row.title, cht: row.titleFt, en: row.titleYw, vi: row.titleVi });
const contentColumns = (row: ArticleRow): LocalizedColumns => ({ default: row.content, cht: row.contentFt, en: row.contentYw, vi: row.contentVi });

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
    summary: htmlToText(pickLocalized(contentColumns(row), lang)),
  };
}

/** A whole article: every content column sanitized again on the way out, and `localContent`. */
export function articleWithContent(row: ArticleRow, lang: ApiLang) {
  return {
    ...articleListItem(row, lang),
    content: sanitizeHtml(row.content),
    content_ft: sanitizeHtml(row.contentFt),
    content_yw: sanitizeHtml(row.contentYw),
    content_vi: sanitizeHtml(row.contentVi),
    localContent: sanitizeHtml(pickLocalized(contentColumns(row), lang)),
  };
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
