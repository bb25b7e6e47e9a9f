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
