import type { BannerRow } from "#shared/answers/console-content";

// A banner's images, one per language, as the form posts them and as its previews show them.

export type Values = Record<"path" | "path_yw" | "path_tw" | "path_vi" | "link" | "sort", string>;
/** The default image first (every language without its own shows it), then the others. */
export const IMAGES = [
  { field: "path", key: "path", lang: "chs" },
  { field: "path_yw", key: "pathYw", lang: "en" },
  { field: "path_tw", key: "pathTw", lang: "cht" },
  { field: "path_vi", key: "pathVi", lang: "vi" },
] as const;
export const ACCEPT = "image/png,image/jpeg,image/webp";

export const valuesOf = (b: BannerRow): Values => ({
  path: b.path,
  path_yw: b.pathYw,
  path_tw: b.pathTw,
  path_vi: b.pathVi,
  link: b.link,
  sort: String(b.sort),
});
