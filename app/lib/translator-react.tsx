import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import i18next, { type Translator } from "./translator";

// The browser's stand-in for react-i18next (docs/decisions/102): the provider and useTranslation this
// app uses, over app/lib/translator.ts. vite.config.ts uses it in the browser build only.

const TranslatorContext = createContext<Translator>(i18next);

export const initReactI18next = { type: "3rdParty" as const, init: () => {} };

export function I18nextProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

export function useTranslation(ns?: string | readonly string[]) {
  const i18n = useContext(TranslatorContext);
  const language = useSyncExternalStore(
    (onChange) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    },
    () => i18n.language,
    () => i18n.language,
  );
  const key = Array.isArray(ns) ? ns.join(",") : (ns ?? "");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(language, ns), [i18n, language, key]);
  return Object.assign([t, i18n, true] as const, { t, i18n, ready: true });
}
