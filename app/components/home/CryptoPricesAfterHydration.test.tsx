import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/content.json";
import { CryptoPrices } from "./CryptoPrices";
import { CryptoPricesAfterHydration } from "./CryptoPricesAfterHydration";
import type { PriceSnapshot } from "./price-feed";

const i18n = i18next.createInstance();
await i18n
  .use(initReactI18next)
  .init({ lng: "en", ns: ["content"], defaultNS: "content", resources: { en: { content: en } } });

const html = (element: JSX.Element) => renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

const NOW = 1_800_000_000_000;
const snapshot: PriceSnapshot = {
  feed: "up",
  nowMs: NOW,
  prices: { BTC: { last: 97012.5, sodUtc8: 95000, atMs: NOW - 3_000 } },
};

describe("CryptoPricesAfterHydration", () => {
  it("renders on the server the whole strip, not its placeholder (the page's HTML stays complete)", () => {
    const rendered = html(<CryptoPricesAfterHydration initial={snapshot} />);
    // The Suspense boundary's markers around exactly what CryptoPrices renders.
    expect(rendered).toBe(`<!--$-->${html(<CryptoPrices initial={snapshot} />)}<!--/$-->`);
    expect(rendered).toContain("97,012.5");
    expect(rendered).not.toContain("prices-pending");
  });

  it("renders nothing while no feed is set up, as the strip", () => {
    expect(html(<CryptoPricesAfterHydration initial={{ ...snapshot, feed: "off" }} />)).toBe("<!--$--><!--/$-->");
  });
});
