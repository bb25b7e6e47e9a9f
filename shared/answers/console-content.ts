// The console's article and banner answers (docs/architecture.md#answers): worker/content/ and worker/media/ build them.

export type ArticleRow = {
  id: number;
  title: string;
  title_yw: string;
  title_ft: string;
  title_vi: string;
  sort: number;
  createtime: number;
  summary: string;
  missing: string[];
};

export type BannerRow = {
  id: number;
  path: string;
  pathTw: string;
  pathYw: string;
  pathVi: string;
  link: string;
  sort: number;
};

/** articles/get: an article's stored fields, by the names of the editor's form (title_yw, content_vi, ...). */
export type ArticleFields = Record<string, string | number>;

/** articles/preview: the titles and texts as players will read them (sanitized), nothing written. */
export type ArticlePreview = Record<string, string>;

/** articles/save: the saved article's id. */
export type ArticleSaved = { id: number };

export type BannerList = { list: BannerRow[] };

/**
 * banners/save: the banner saved at once (`waiting` false), or a banner leading outside the site that waits for a
 * second admin (`waiting` true; id null for a new one), players seeing the approved one until then.
 */
export type BannerSaved = { id: number | null; waiting: boolean };

/** banners/upload: the stored image's path, for a banner to name. */
export type BannerImageStored = { path: string };
