import { sanitizeHtml } from "#shared/content/sanitize-html";
import { insertOrIgnore } from "./sql";
import { articles, banners } from "../db/schema";
import { AGREEMENT } from "./content-data/agreement";
import { ANNOUNCEMENTS } from "./content-data/announcements";
import { BANNERS } from "./content-data/banners";
import { HELP_ACCOUNT } from "./content-data/help-account";
import { HELP_PLAY } from "./content-data/help-play";
import { NEWS } from "./content-data/news";
import type { SeedArticle } from "./content-data/types";

export const SEED_ARTICLES: SeedArticle[] = [...NEWS, ...ANNOUNCEMENTS, ...HELP_PLAY, ...HELP_ACCOUNT, ...AGREEMENT];
export { BANNERS as SEED_BANNERS };

/**
 * Articles and banners in four languages, in the legacy columns of docs/decisions/030-article-languages.md:
 * unsuffixed = Simplified Chinese (the default), _ft / _tw = Traditional Chinese, _yw = English, _vi = Vietnamese.
 * Content is sanitized on the way in like any other write, and served as stored (docs/decisions/101).
 */
export function contentSeedStatements(nowMs: number, seedArticles: SeedArticle[] = SEED_ARTICLES): string[] {
  const articleRows = seedArticles.map((a, i) =>
    insertOrIgnore(articles, {
      id: a.id,
      group_id: a.group,
      title: a.title.chs,
      title_ft: a.title.cht,
      title_yw: a.title.en,
      title_vi: a.title.vi,
      content: sanitizeHtml(a.content.chs),
      content_ft: sanitizeHtml(a.content.cht),
      content_yw: sanitizeHtml(a.content.en),
      content_vi: sanitizeHtml(a.content.vi),
      img: "",
      sort: a.sort,
      // Listed in the order written here: each one a minute older than the one before.
      created_at_ms: nowMs - i * 60_000,
    }),
  );
  const bannerRows = BANNERS.map((b) =>
    insertOrIgnore(banners, {
      id: b.id,
      path: `/banners/${b.name}-zh-CN.svg`,
      path_tw: `/banners/${b.name}-zh-TW.svg`,
      path_yw: `/banners/${b.name}-en.svg`,
      path_vi: `/banners/${b.name}-vi.svg`,
      link: b.link,
      sort: b.sort,
    }),
  );
  return [...articleRows, ...bannerRows];
}
