// The browser's translator (docs/decisions/102): the part of i18next this app uses, and nothing else,
// so that i18next itself (about 15 KB of gzip JavaScript) stays on the server. vite.config.ts puts this
// module in place of "i18next" in the browser build only; translator.test.ts checks that it answers
// exactly as i18next does for every key of every locale, so server and browser render the same text.

type Tree = { [key: string]: string | Tree };
type Resources = Record<string, Record<string, Tree>>;
type Options = Record<string, unknown> & { count?: unknown; defaultValue?: unknown; ns?: string | readonly string[] };
export type TFunction = (key: string, options?: Options) => string;
type InitOptions = {
  lng?: string;
  fallbackLng?: string;
  defaultNS?: string;
  ns?: readonly string[];
  resources?: Resources;
};

const VARIABLE = /\{\{(.+?)\}\}/g;

/** A key in a locale file: flat ("nav.approvals") or nested ({"nav": {"approvals"}}), as i18next finds it. */
function lookup(tree: Tree | undefined, path: string): string | undefined {
  if (!tree) return undefined;
  if (typeof tree[path] === "string") return tree[path] as string;
  const parts = path.split(".");
  let node: string | Tree | undefined = tree;
  for (let i = 0; i < parts.length;) {
    if (typeof node !== "object") return undefined;
    let next: string | Tree | undefined;
    let j = i;
    for (; j < parts.length; j++) {
      next = (node as Tree)[parts.slice(i, j + 1).join(".")];
      if (next !== undefined) break;
    }
    if (next === undefined) return undefined;
    node = next;
    i = j + 1;
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(text: string, options: Options): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = options[name.trim()];
    return value === undefined || value === null ? whole : String(value);
  });
}

export class Translator {
  language = "en";
  languages: string[] = ["en"];
  isInitialized = false;
  private resources: Resources = {};
  private fallbackLng = "en";
  private defaultNS = "translation";
  private readonly listeners = new Set<(lng: string) => void>();

  use(_plugin: unknown) {
    return this;
  }

  async init(options: InitOptions) {
    this.resources = options.resources ?? {};
    this.fallbackLng = options.fallbackLng ?? "en";
    this.defaultNS = options.defaultNS ?? this.defaultNS;
    this.setLanguage(options.lng ?? this.fallbackLng);
    this.isInitialized = true;
    return this.t;
  }

  private plurals = new Intl.PluralRules("en");

  private setLanguage(lng: string) {
    this.language = lng;
    this.plurals = new Intl.PluralRules(lng);
    this.languages = lng === this.fallbackLng ? [lng] : [lng, this.fallbackLng];
  }

  async changeLanguage(lng: string) {
    if (lng === this.language) return this.t;
    this.setLanguage(lng);
    for (const listener of this.listeners) listener(lng);
    return this.t;
  }

  on(_event: "languageChanged", listener: (lng: string) => void) {
    this.listeners.add(listener);
  }

  off(_event: "languageChanged", listener: (lng: string) => void) {
    this.listeners.delete(listener);
  }

  /** A t bound to namespaces, searched in order ("ns:key" names its own). */
  getFixedT(_lng: string | null, ns?: string | readonly string[]): TFunction {
    return (key, options) => this.translate(key, { ...options, ns: options?.ns ?? ns });
  }

  t: TFunction = (key, options) => this.translate(key, options ?? {});

  private translate(key: string, options: Options): string {
    let namespaces =
      typeof options.ns === "string" ? [options.ns] : options.ns?.length ? [...options.ns] : [this.defaultNS];
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0) {
      namespaces = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    const candidates = [path];
    if (typeof options.count === "number") {
      candidates.unshift(`${path}_${this.plurals.select(options.count)}`);
      if (options.count === 0) candidates.unshift(`${path}_zero`);
    }
    for (const lng of this.languages) {
      for (const ns of namespaces) {
        for (const candidate of candidates) {
          const found = lookup(this.resources[lng]?.[ns], candidate);
          if (found !== undefined) return interpolate(found, options);
        }
      }
    }
    return typeof options.defaultValue === "string" ? interpolate(options.defaultValue, options) : path;
  }
}

const i18next = new Translator();
export default i18next;
