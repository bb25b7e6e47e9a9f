import type { AppLoadContext } from "@remix-run/cloudflare";
import { callApi } from "~/lib/api.server";
import { apiLangOf, isLng } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { ApiLang } from "#shared/messages";
import { localizedLanguage, pickLocalized } from "#shared/content/languages";
import { htmlToText, safeUrl } from "#shared/content/sanitize-html";
import type { Banner } from "../home/BannerCarousel";
import type { Article, ArticlePage, ArticleSummary } from "./types";
import type { WireArticle } from "#shared/answers/content";

async function requestLang(request: Request): Promise<ApiLang> {
  const locale = await i18nServer.getLocale(request);
  return (isLng(locale) ? apiLangOf[locale] : "en") as ApiLang;
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Our API already answers in the player's language; a legacy backend (proxy mode) sends only the
 * columns, so the same fallback (own language, English, default) is applied here when needed.
 * Content comes sanitized: our API serves it as sanitized when written, and in proxy mode the Worker
 * sanitizes an upstream's articles as they come in (docs/decisions/101).
 */
function toArticle(raw: WireArticle, lang: ApiLang): Article {
  const titles = { default: str(raw.title), cht: str(raw.title_ft), en: str(raw.title_yw), vi: str(raw.title_vi) };
  const contents = {
    default: str(raw.content),
    cht: str(raw.content_ft),
    en: str(raw.content_yw),
    vi: str(raw.content_vi),
  };
  const content = raw.localContent ?? pickLocalized(contents, lang);
  return {
    id: Number(raw.id),
    group: Number(raw.group ?? raw.group_id ?? 0),
    img: safeUrl(str(raw.img)) ?? "",
    createtime: Number(raw.createtime ?? 0),
    language: raw.language ?? localizedLanguage(titles, lang),
    localTitle: raw.localTitle ?? pickLocalized(titles, lang),
    summary: raw.summary ?? htmlToText(content),
    localContent: content,
  };
}

const toSummary = (raw: WireArticle, lang: ApiLang): ArticleSummary => {
  const { localContent: _content, ...summary } = toArticle(raw, lang);
  return summary;
};

/** Only our own ids reach the API: anything else is a page that does not exist. */
export function articleIdParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new Response("Not found", { status: 404 });
  return Number(value);
}

export async function loadArticle(request: Request, context: AppLoadContext, id: number): Promise<Article> {
  const [answer, lang] = await Promise.all([
    callApi(request, context, "/api/Game/getArticledetail", { id }),
    requestLang(request),
  ]);
  if (answer.code !== 1 || !answer.data)
    throw new Response(answer.info, { status: answer.data?.errCode === 1100 ? 404 : 503 });
  return toArticle(answer.data, lang);
}

/** A whole group with content, for expandable lists; null when the API could not answer. */
export async function loadGroup(request: Request, context: AppLoadContext, group: number): Promise<Article[] | null> {
  const [answer, lang] = await Promise.all([
    callApi(request, context, "/api/Game/getOneclassArticle", { id: group }),
    requestLang(request),
  ]);
  if (answer.code !== 1 || !Array.isArray(answer.data?.list)) return null;
  return answer.data.list.map((raw) => toArticle(raw, lang));
}

/** One page of a group's titles and summaries. */
export async function loadArticlePage(
  request: Request,
  context: AppLoadContext,
  group: number,
  page: number,
): Promise<ArticlePage | null> {
  const [answer, lang] = await Promise.all([
    callApi(request, context, "/api/Game/getArticlelist", {
      id: group,
      page,
    }),
    requestLang(request),
  ]);
  if (answer.code !== 1 || !Array.isArray(answer.data?.list)) return null;
  return { list: answer.data.list.map((raw) => toSummary(raw, lang)), page, hasMore: answer.data.hasMore === true };
}

/** The banners in the player's language; only http(s) or relative images and links get through. */
export async function loadBanners(request: Request, context: AppLoadContext): Promise<Banner[]> {
  const [answer, lang] = await Promise.all([callApi(request, context, "/api/Game/slide"), requestLang(request)]);
  if (answer.code !== 1 || !Array.isArray(answer.data?.list)) return [];
  return answer.data.list
    .map((raw, i) => {
      const paths = { default: str(raw.path), cht: str(raw.path_tw), en: str(raw.path_yw), vi: str(raw.path_vi) };
      return {
        id: Number(raw.id ?? i),
        src: safeUrl(str(raw.src) || pickLocalized(paths, lang)) ?? "",
        link: safeUrl(str(raw.link)) ?? "",
        title: str(raw.title),
      };
    })
    .filter((banner) => banner.src !== "");
}
