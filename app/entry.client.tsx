import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { startPwa } from "~/components/content/pwa";
import { fallbackLng, i18nOptions, isLng, loadLanguage } from "~/lib/i18n";
import { remixStateDecoded } from "~/lib/remix-state";
import { keepTypedTextareas } from "~/lib/keep-typed-textareas";

async function hydrate() {
  const lang = document.documentElement.lang;
  const lng = isLng(lang) ? lang : fallbackLng;
  const decoded = remixStateDecoded();
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    react: { useSuspense: false },
    resources: await loadLanguage(lng),
    lng,
    ns: getInitialNamespaces(),
  });
  await decoded;
  keepTypedTextareas();
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

startPwa();
hydrate();
