import en from "../locales/en/errors.json";
import zhCN from "../locales/zh-CN/errors.json";
import zhTW from "../locales/zh-TW/errors.json";
import vi from "../locales/vi/errors.json";

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

export function message(lang: ApiLang, key: string, num?: string, at?: string): string {
  const text = catalogues[lang][key] ?? catalogues.en[key] ?? catalogues[lang]["2002"];
  return text.replace("{{num}}", num ?? "").replace("{{at}}", at ?? "");
}
