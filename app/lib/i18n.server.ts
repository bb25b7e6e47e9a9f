import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLng, i18nOptions, namespaces, supportedLngs } from "./i18n";

const eager = import.meta.glob<{ default: Record<string, string> }>("../../locales/*/*.json", { eager: true });

export const resources = Object.fromEntries(
  supportedLngs.map((lng) => [
    lng,
    Object.fromEntries(namespaces.map((ns) => [ns, eager[`../../locales/${lng}/${ns}.json`].default])),
  ]),
);

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18nServer = new RemixI18Next({
  detection: { supportedLanguages: [...supportedLngs], fallbackLanguage: fallbackLng, cookie: languageCookie },
  i18next: { ...i18nOptions, resources },
});
