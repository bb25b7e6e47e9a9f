import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/content.json";
import { CryptoPrices } from "./CryptoPrices";
import { dayChangePercent, formatChange, formatPrice, NO_PRICES, stripStatus, type PriceSnapshot } from "./price-feed";

const i18n = i18next.createInstance();
await i18n
  .use(initReactI18next)
  .init({ lng: "en", ns: ["content"], defaultNS: "content", resources: { en: { content: en } } });

const render = (snapshot: PriceSnapshot) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <CryptoPrices initial={snapshot} />
    </I18nextProvider>,
  );

const NOW = 1_800_000_000_000;
const fresh = { last: 97012.5, sodUtc8: 95000, atMs: NOW - 3_000 };

describe("CryptoPrices", () => {
  it("is hidden while no feed is set up, even with stored prices", () => {
    expect(render({ feed: "off", prices: { BTC: fresh }, nowMs: NOW })).toBe("");
  });

  it("says unavailable while a feed is set up but has given nothing yet", () => {
    const html = render({ feed: "idle", prices: {}, nowMs: NOW });
    expect(html).toContain("Prices unavailable");
    expect(html).toContain("not connected right now");
    expect(html).not.toMatch(/coin-last/);
  });

  it("shows what a live feed gives, and nothing for a coin it lacks", () => {
    const html = render({
      feed: "up",
      nowMs: NOW,
      prices: { BTC: fresh, DOGE: { last: 0.1234, sodUtc8: 0.13, atMs: NOW - 1_000 } },
    });
    expect(html).toContain(">Live<");
    expect(html).toContain("97,012.50");
    expect(html).toContain("+2.12%");
    expect(html).toContain("0.1234");
    expect(html).toContain("−5.08%");
    expect(html).toContain('title="Price in USDT"');
    expect(html.match(/No price</g)).toHaveLength(6);
    expect(html).not.toContain("is-stale");
  });

  it("names each price's quote currency beside the figure, as every amount names its currency", () => {
    const html = render({
      feed: "up",
      nowMs: NOW,
      prices: { BTC: fresh, USDT: { last: 1.0002, sodUtc8: 1, atMs: NOW - 1_000 } },
    });
    expect(html).toMatch(/97,012\.50(<!-- -->)? <small class="coin-quote">USDT<\/small>/);
    // USDT itself is quoted in USDC (shared/prices/coins.ts)
    expect(html).toMatch(/1\.0002(<!-- -->)? <small class="coin-quote">USDC<\/small>/);
  });

  it("marks a price older than 60 s as stale, with a note", () => {
    const html = render({
      feed: "up",
      nowMs: NOW,
      prices: { BTC: fresh, ETH: { last: 3000, sodUtc8: 3100, atMs: NOW - 61_000 } },
    });
    expect(html).toMatch(/class="price-row is-stale" data-coin="ETH"/);
    expect(html).toMatch(/class="price-row" data-coin="BTC"/);
    expect(html).toContain(">Stale<");
    expect(html).toContain("more than a minute old");
  });

  it("keeps the last prices, marked, while the feed is unreachable", () => {
    const html = render({ feed: "down", nowMs: NOW, prices: { BTC: { ...fresh, atMs: NOW - 120_000 } } });
    expect(html).toContain("Reconnecting…");
    expect(html).toContain("cannot be reached right now");
    expect(html).toContain("97,012.50");
    expect(html).toContain("is-stale");
  });
});

describe("strip status", () => {
  it("is live only while the feed is up with at least one fresh price", () => {
    expect(stripStatus({ feed: "up", prices: { BTC: fresh }, nowMs: NOW }, NOW)).toBe("live");
    expect(stripStatus({ feed: "up", prices: { BTC: fresh }, nowMs: NOW }, NOW + 60_000)).toBe("connecting");
    expect(stripStatus({ feed: "connecting", prices: {}, nowMs: NOW }, NOW)).toBe("connecting");
    expect(stripStatus({ feed: "down", prices: {}, nowMs: NOW }, NOW)).toBe("unavailable");
    expect(stripStatus(NO_PRICES, NOW)).toBe("unavailable");
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
