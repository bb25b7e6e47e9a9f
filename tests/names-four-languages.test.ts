import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectMoneyInvariants } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { finishRound, placeOk, playerWith } from "./rooms-helpers";
import { articles } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Games and rooms are named in the reader's language on every screen, player and console: the seed's
// English names are data, and each game and room kind has its words in the four languages.

const ENGLISH_NAMES = [
  "Lucky 28",
  "Classic 28",
  "Turbo 28",
  "Racing 10",
  "Sky Racing",
  "Speed Racing",
  "Dice Fast 3",
  "Triple Dice",
  "11x5 Classic",
  "11x5 Turbo",
  "11x5 Gold",
  "11x5 Royal",
  "Royal 28",
  "Royal Fast 3",
  "Fast 3",
  "Big & Small",
  "Standard",
  "Superior",
  "Premier",
];

/** What a reader sees: the page's text without its scripts and markup. */
function visibleText(html: string): string {
  return html
    .replace(/<script[^]*?<\/script>/g, " ")
    .replace(/<style[^]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

function englishNamesIn(text: string): string[] {
  return ENGLISH_NAMES.filter((name) => new RegExp(`(^|[^\\w])${name.replace(/[&]/g, "\\$&")}($|[^\\w])`).test(text));
}

async function playedPlayer() {
  const p = await playerWith(1_000_000);
  await placeOk(p.token, 1, [[0, 1.98, 50]]);
  await placeOk(p.token, 4, [[0, 1.98, 50]]);
  await finishRound(1);
  await finishRound(4);
  return p;
}

const PLAYER_SCREENS = [
  "/",
  "/room_list/1",
  "/room_list/2",
  "/room_list/3",
  "/activity/1",
  "/bjsc/4",
  "/betlist",
  "/my_income",
  "/rules/1",
  "/current/1",
  "/user/statement",
];
const CONSOLE_SCREENS = ["/admin/rooms", "/admin/rooms/1", "/admin/rooms/4", "/admin/rounds", "/admin/insight"];

describe("game and room names", () => {
  it.each(["zh-CN", "zh-TW", "vi"])("are in %s on every player screen", async (lng) => {
    const p = await playedPlayer();
    const browser = await new Browser().logIn(p.username, p.password);
    const found: string[] = [];
    for (const path of PLAYER_SCREENS) {
      const response = await browser.get(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      expect(response.status, path).toBe(200);
      for (const name of englishNamesIn(visibleText(await response.text()))) found.push(`${path}: ${name}`);
    }
    expect(found).toEqual([]);
    await expectMoneyInvariants();
  });

  it.each(["zh-CN", "zh-TW", "vi"])("are in %s on the console's screens", async (lng) => {
    const p = await playedPlayer();
    const browser = await operatorBrowser();
    const found: string[] = [];
    for (const path of [...CONSOLE_SCREENS, `/admin/players/${p.userId}`]) {
      const response = await browser.get(`${path}${path.includes("?") ? "&" : "?"}lng=${lng}`);
      expect(response.status, path).toBe(200);
      for (const name of englishNamesIn(visibleText(await response.text()))) found.push(`${path}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});

describe("the console's content list", () => {
  it.each([
    ["vi", "title_vi"],
    ["zh-TW", "title_ft"],
    ["zh-CN", "title"],
  ])("leads with the operator's language (%s)", async (lng, column) => {
    const article = await env.DB.prepare(
      `SELECT id, title_yw AS en, ${column} AS own FROM ${quotedTable(articles)} WHERE group_id = 9 AND ${column} <> '' AND title_yw <> '' ORDER BY id LIMIT 1`,
    ).first<{ id: number; en: string; own: string }>();
    expect(article).toBeTruthy();
    const html = await (await (await operatorBrowser()).get(`/admin/content?group=9&lng=${lng}`)).text();
    const row = new RegExp(`href="/admin/content/${article!.id}"[^]*?<strong>([^<]*)</strong>`).exec(html);
    expect(row?.[1]).toBe(article!.own.replace(/&/g, "&amp;"));
    // and its summary is the text in that language, not the English one
    const texts = await env.DB.prepare(
      `SELECT content_yw AS en, ${column.replace("title", "content")} AS own FROM ${quotedTable(articles)} WHERE id = ?`,
    )
      .bind(article!.id)
      .first<{ en: string; own: string }>();
    const summary =
      new RegExp(`href="/admin/content/${article!.id}"[^]*?admin-list-wide">([^<]*)<`).exec(html)?.[1] ?? "";
    const words = (htmlText: string) =>
      htmlText
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 12);
    expect(summary.length).toBeGreaterThan(0);
    expect(summary).toContain(words(texts!.own).replace(/&/g, "&amp;"));
    expect(summary).not.toContain(words(texts!.en));
  });
});
