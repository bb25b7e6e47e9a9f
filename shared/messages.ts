import en from "../locales/en/errors.json";
import zhCN from "../locales/zh-CN/errors.json";
import zhTW from "../locales/zh-TW/errors.json";
import vi from "../locales/vi/errors.json";
import { interpolate } from "./interpolate";

// The contract's languages (docs/product.md#what-it-is); UI picker values map onto them.
export type ApiLang = "en" | "chs" | "cht" | "vi";

const catalogues: Record<ApiLang, Record<string, string>> = { en, chs: zhCN, cht: zhTW, vi };

const aliases: Record<string, ApiLang> = {
  en: "en",
  "en-us": "en",
  chs: "chs",
  "zh-cn": "chs",
  zh: "chs",
  cht: "cht",
  "zh-tw": "cht",
  vi: "vi",
  "vi-vn": "vi",
};

export function apiLang(value: unknown): ApiLang {
  return (typeof value === "string" && aliases[value.trim().toLowerCase()]) || "en";
}

/**
 * A catalogue message with its figure and its time. A message that names a time has a wording without
 * one under `<key>.now` (a limit that nothing counts against yet frees up at no time): used when no
 * time is given, so no sentence ends on an empty or made-up time.
 */
export function message(lang: ApiLang, key: string, num?: string, at?: string): string {
  const timeless = at === undefined && (catalogues.en[`${key}.now`] !== undefined ? `${key}.now` : null);
  if (timeless) key = timeless;
  const text = catalogues[lang][key] ?? catalogues.en[key] ?? catalogues[lang]["2002"];
  return interpolate(text, { num, at });
}
