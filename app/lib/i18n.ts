// Shared by server and browser: which languages exist and how i18next is set up.
export const supportedLngs = ["en", "zh-CN", "zh-TW", "vi"] as const;
export type Lng = (typeof supportedLngs)[number];
export const fallbackLng: Lng = "en";
export const namespaces = ["common", "errors", "wallet", "game", "content", "finance", "admin", "notices"] as const;

export const i18nOptions = {
  supportedLngs: [...supportedLngs],
  fallbackLng,
  defaultNS: "common",
  ns: [...namespaces],
  interpolation: { escapeValue: false },
};

/** The contract's lang values (docs/product.md#what-it-is). */
export const apiLangOf: Record<Lng, string> = { en: "en", "zh-CN": "chs", "zh-TW": "cht", vi: "vi" };

export const languageNames: Record<Lng, string> = {
  en: "English",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  vi: "Tiếng Việt",
};

export function isLng(value: unknown): value is Lng {
  return typeof value === "string" && (supportedLngs as readonly string[]).includes(value);
}

type Resources = Record<string, Record<string, Record<string, string>>>;

/** A language's namespaces by file (locales/<lng>/<ns>.json), one chunk a language: one fetch, not one a namespace. */
type Catalogue = Record<string, Record<string, string>>;
const catalogues: Record<Lng, () => Promise<{ default: Catalogue }>> = {
  en: () => import("./catalogues/en"),
  "zh-CN": () => import("./catalogues/zh-CN"),
  "zh-TW": () => import("./catalogues/zh-TW"),
  vi: () => import("./catalogues/vi"),
};

/** Loads one language's namespaces (the browser fetches only the language in use). */
export async function loadLanguage(lng: Lng): Promise<Resources> {
  const files = (await catalogues[lng]()).default;
  return { [lng]: Object.fromEntries(namespaces.map((ns) => [ns, files[`../../../locales/${lng}/${ns}.json`]])) };
}
