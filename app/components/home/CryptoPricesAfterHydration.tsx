import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { CryptoPrices as RenderedOnServer } from "./CryptoPrices";
import type { PriceSnapshot } from "./price-feed";

// Home's market strip without its code in home's first download (home's JavaScript budget,
// docs/decisions/203). The server renders the strip in full; in the browser, hydration leaves that HTML in
// place until the strip's chunk (the strip, its socket and formatting) has loaded, then takes it over. Only
// a client-side visit to home before the chunk has loaded shows the placeholder, which holds the strip's
// place. /lotteryprize imports CryptoPrices itself.
const LoadedInBrowser = lazy(() => import("./CryptoPrices").then((module) => ({ default: module.CryptoPrices })));
const Strip = import.meta.env.SSR ? RenderedOnServer : LoadedInBrowser;

export function CryptoPricesAfterHydration({ initial }: { initial: PriceSnapshot }) {
  return (
    <Suspense fallback={<Placeholder initial={initial} />}>
      <Strip initial={initial} />
    </Suspense>
  );
}

/** The strip's frame and heading, no figures: nothing that could pass for a price. None when no feed is set up, as the strip. */
function Placeholder({ initial }: { initial: PriceSnapshot }) {
  const { t } = useTranslation("content");
  if (initial.feed === "off") return null;
  return (
    <section className="home-section prices prices-pending" aria-labelledby="prices-title" aria-busy="true">
      <div className="section-head">
        <h2 id="prices-title">{t("prices.title")}</h2>
      </div>
    </section>
  );
}
