import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SEED_ARTICLES, SEED_BANNERS } from "./content";

// Seed articles and banners promise only what the code guarantees (docs/product.md#rounds-and-bets,
// docs/product.md#deposits-and-withdrawals): the close of betting comes from each room's settings, and no
// time is promised for an operator's decision on a withdrawal.

const FIXED_CLOSE = /\d+\s*(seconds?|秒|giây)|last minute|最后一分钟|最後一分鐘|phút cuối/i;
const TIME_PROMISE =
  /within\s+\d+\s*hours?|\d+\s*(小时|小時)\s*内|\d+\s*(小时|小時)\s*內|trong vòng\s*\d+\s*giờ|\b24\s*h\b/i;
const LANGUAGES = ["en", "chs", "cht", "vi"] as const;
const FILES = { en: "en", chs: "zh-CN", cht: "zh-TW", vi: "vi" } as const;

function promisesTooMuch(text: string): string | null {
  const match = FIXED_CLOSE.exec(text) ?? TIME_PROMISE.exec(text);
  return match ? match[0] : null;
}

describe("seed content", () => {
  it("states no fixed close of betting and no settlement time", () => {
    const found = SEED_ARTICLES.flatMap((article) =>
      LANGUAGES.flatMap((lang) => {
        const claim = promisesTooMuch(`${article.title[lang]} ${article.content[lang]}`);
        return claim ? [`${article.id} ${lang}: ${claim}`] : [];
      }),
    );
    const banners = SEED_BANNERS.flatMap((banner) =>
      LANGUAGES.flatMap((lang) => {
        const svg = readFileSync(
          new URL(`../../public/banners/${banner.name}-${FILES[lang]}.svg`, import.meta.url),
          "utf8",
        );
        const text = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
        const claim = promisesTooMuch(text);
        return claim ? [`banner ${banner.name} ${lang}: ${claim}`] : [];
      }),
    );
    expect([...found, ...banners]).toEqual([]);
  });

  it("recognises the claims it forbids", () => {
    for (const text of [
      "Betting closes 60 seconds before the draw",
      "开奖前 60 秒停止投注",
      "đóng 60 giây trước",
      "settled within 24 hours",
      "24 小时内到账",
      "24 小時內到帳",
      "chi trả trong vòng 24 giờ",
      "24h",
    ]) {
      expect(promisesTooMuch(text), text).not.toBeNull();
    }
    expect(
      promisesTooMuch("Betting closes a set number of seconds before the draw; the room's Rules page says how many."),
    ).toBeNull();
  });
});
