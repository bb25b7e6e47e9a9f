import { Hono } from "hono";
import * as z from "zod";
import { ok } from "../envelope";
import { ProductError } from "#shared/product-error";
import type { AppEnv } from "../types";
import { integerId, parseBody } from "#shared/fields";
import { findArticle, findArticlesByIds, listBanners, listGroupArticles } from "../../content/article-queries";
import { articleListItem, articleWithContent, bannerItem, linkedArticleId } from "../../content/articles";
import { pickLocalized } from "#shared/content/languages";
import type { WireArticle, WireArticleList, WireArticlePage, WireBannerList } from "#shared/answers/content";

/** News, announcements, help articles and banners: public, answered in the request's language. */
export const contentRoutes = new Hono<AppEnv>();

/** A whole group is short (a screen of expandable items); longer reading goes through the paged list. */
const GROUP_LIMIT = 50;
const ARTICLE_PAGE_SIZE = 10;
const MAX_PAGE = 1000;

const groupBody = z.object({ id: integerId() });
const pageBody = z.object({
  id: integerId(),
  page: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, "1001")], { error: "1001" })
    .optional()
    .transform((v) => (v === undefined ? 1 : Number(v)))
    .pipe(z.number().int("1001").min(1, "1001").max(MAX_PAGE, "1001")),
});

/** Every banner with `src` already chosen for the player's language (docs/architecture.md#the-contract Banner). */
contentRoutes.post("/api/game/slide", async (c) => {
  const db = c.var.db.control;
  const lang = c.get("lang");
  const rows = await listBanners(db);
  const linkedIds = rows.map((row) => linkedArticleId(row.link)).filter((id): id is number => id !== null);
  const linked = await findArticlesByIds(db, [...new Set(linkedIds)]);
  const titleOf = (link: string) => {
    const article = linked.find((a) => a.id === linkedArticleId(link));
    return article
      ? pickLocalized({ default: article.title, cht: article.titleFt, en: article.titleYw, vi: article.titleVi }, lang)
      : "";
  };
  const list = rows.map((row) => bannerItem(row, lang, titleOf(row.link))).filter((banner) => banner.src !== "");
  return ok(c, { list } satisfies WireBannerList);
});

/** One group (9 news, 14 announcements, 26 help) with each article's content, for expandable lists. */
contentRoutes.post("/api/game/getoneclassarticle", async (c) => {
  const { id: group } = parseBody(groupBody, c.get("body"));
  const rows = await listGroupArticles(c.var.db.control, group, GROUP_LIMIT);
  return ok(c, { list: rows.map((row) => articleWithContent(row, c.get("lang"))) } satisfies WireArticleList);
});

/** A group page by page: titles and summaries, `hasMore` when another page follows. */
contentRoutes.post("/api/game/getarticlelist", async (c) => {
  const { id: group, page } = parseBody(pageBody, c.get("body"));
  const rows = await listGroupArticles(c.var.db.control, group, ARTICLE_PAGE_SIZE + 1, (page - 1) * ARTICLE_PAGE_SIZE);
  const list = rows.slice(0, ARTICLE_PAGE_SIZE).map((row) => articleListItem(row, c.get("lang")));
  return ok(c, { list, page, hasMore: rows.length > ARTICLE_PAGE_SIZE } satisfies WireArticlePage);
});

/** One article with its sanitized content; an unknown id is 1100. */
contentRoutes.post("/api/game/getarticledetail", async (c) => {
  const { id } = parseBody(groupBody, c.get("body"));
  const row = await findArticle(c.var.db.control, id);
  if (!row) throw new ProductError(1100);
  return ok(c, articleWithContent(row, c.get("lang")) satisfies WireArticle);
});
