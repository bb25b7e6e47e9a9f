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

const lazyLocales = import.meta.glob<{ default: Record<string, string> }>("../../locales/*/*.json");

/** Loads one language's namespaces (the browser fetches only the language in use). */
export async function loadLanguage(lng: Lng): Promise<Resources> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => [ns, (await lazyLocales[`../../locales/${lng}/${ns}.json`]()).default] as const),
  );
  return { [lng]: Object.fromEntries(entries) };
}
