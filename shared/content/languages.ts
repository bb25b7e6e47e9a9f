import type { ApiLang } from "../messages";

/**
 * Which legacy column holds which language (docs/decisions/030-article-languages.md):
 * the unsuffixed column is the default (Simplified Chinese), `_ft` Traditional Chinese (繁體),
 * `_yw` English (英文), `_vi` Vietnamese. Banners: path, path_tw, path_yw, path_vi likewise.
 */
export type LocalizedColumns = { default: string; cht: string; en: string; vi: string };

/** The order in which a language is looked for: the player's own, then English, then the default. */
function fallbackChain(lang: ApiLang): Array<keyof LocalizedColumns> {
  const own: Record<ApiLang, keyof LocalizedColumns> = { chs: "default", cht: "cht", en: "en", vi: "vi" };
  return [...new Set([own[lang], "en", "default"] as Array<keyof LocalizedColumns>)];
}

/** The first non-empty text along the fallback chain ("" when every language is empty). */
export function pickLocalized(columns: LocalizedColumns, lang: ApiLang): string {
  for (const key of fallbackChain(lang)) {
    const value = columns[key]?.trim();
    if (value) return columns[key];
  }
  return "";
}

/** The language code the answer was actually written in, for the page's lang attribute. */
export function localizedLanguage(columns: LocalizedColumns, lang: ApiLang): ApiLang {
  const codeOf: Record<keyof LocalizedColumns, ApiLang> = { default: "chs", cht: "cht", en: "en", vi: "vi" };
  for (const key of fallbackChain(lang)) if (columns[key]?.trim()) return codeOf[key];
  return lang;
}
