import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/content.json";
import { CryptoPrices } from "./CryptoPrices";
import { dayChangePercent, formatChange, formatPrice, NO_PRICE_FEED, type PriceFeed } from "./price-feed";

const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: "en", ns: ["content"], defaultNS: "content", resources: { en: { content: en } } });

const render = (feed: PriceFeed) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <CryptoPrices feed={feed} />
    </I18nextProvider>,
  );

describe("CryptoPrices", () => {
  it("says prices are unavailable and shows no figure at all without a feed", () => {
    const html = render(NO_PRICE_FEED);
    expect(html).toContain("Prices unavailable");
    for (const coin of ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"]) expect(html).toContain(`data-coin="${coin}"`);
    expect(html.match(/No price/g)).toHaveLength(8);
    expect(html).not.toMatch(/coin-last|coin-change|\d+\.\d+/);
  });

  it("shows what a live feed gives, and nothing for a coin it lacks", () => {
    const html = render({ status: "live", updatedAtMs: 1, tickers: { BTC: { last: 97012.5, sodUtc8: 95000 }, DOGE: { last: 0.1234, sodUtc8: 0.13 } } });
    expect(html).toContain("Live");
    expect(html).toContain("97,012.50");
    expect(html).toContain("+2.12%");
    expect(html).toContain("0.1234");
    expect(html).toContain("−5.08%");
    expect(html.match(/No price/g)).toHaveLength(6);
  });
});

describe("price formatting", () => {
  it("computes the change since the start of the day only from real figures", () => {
    expect(dayChangePercent({ last: 110, sodUtc8: 100 })).toBeCloseTo(10);
    expect(dayChangePercent({ last: 110, sodUtc8: 0 })).toBeNull();
    expect(dayChangePercent({ last: Number.NaN, sodUtc8: 100 })).toBeNull();
  });

  it("keeps enough decimals for small coins", () => {
    expect(formatPrice(97012.5)).toBe("97,012.50");
    expect(formatPrice(1.00012)).toBe("1.0001");
    expect(formatPrice(0.000123)).toBe("0.000123");
    expect(formatChange(0)).toBe("0.00%");
  });
});
