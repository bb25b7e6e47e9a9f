import { describe, expect, it } from "vitest";
import { Browser } from "./pages";

// docs/product.md#screens: every screen can be reached by taps from the home page or the tab bar. A signed-in player
// follows the links of each server-rendered page, breadth first, as a player would tap them.

/** The screens of docs/product.md#screens, as patterns of the paths the links lead to. */
const SCREENS: Record<string, RegExp> = {
  home: /^\/$/,
  languageSet: /^\/languageSet$/,
  article: /^\/info\/\d+$/,
  newsList: /^\/help\/list$/,
  newsArticle: /^\/help\/\d+$/,
  support: /^\/ServicePage$/,
  recharge: /^\/recharge(\/[\w-]+)?$/,
  trend: /^\/lotteryprize$/,
  user: /^\/user$/,
  ledger: /^\/my_income$/,
  withdraw: /^\/withdraw$/,
  messages: /^\/message$/,
  security: /^\/my_password$/,
  bankList: /^\/banklist$/,
  bankAdd: /^\/bankadd$/,
  version: /^\/my_update$/,
  settings: /^\/my_set$/,
  loginPassword: /^\/userloginpassword$/,
  withdrawalPassword: /^\/usercipherpassword$/,
  room: /^\/activity\/\d+$/,
  racing: /^\/bjsc\/\d+$/,
  betRecords: /^\/betlist$/,
  roomList: /^\/room_list\/[123]$/,
  currentTrades: /^\/current\/\d+$/,
  finance: /^\/finance$/,
  financeOrders: /^\/productorder$/,
  financeRules: /^\/productrule$/,
  financeDetail: /^\/productdetail$/,
  financeTransferIn: /^\/producttransferin$/,
};

/** Links that change state or leave the player's session are not taps to explore. */
const SKIP = /^\/(logout|login|register)\b/;

function linksOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="(\/[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

describe("navigation", () => {
  it("reaches every screen of docs/product.md#screens from the home page in at most four taps", async () => {
    const browser = await new Browser().logIn();
    const depthOf = new Map<string, number>([["/", 0]]);
    let frontier = ["/"];
    for (let depth = 1; depth <= 4 && frontier.length; depth++) {
      const next: string[] = [];
      for (const path of frontier) {
        const response = await browser.get(path);
        const html = response.status === 200 ? await response.text() : (await response.body?.cancel(), "");
        for (const href of linksOf(html)) {
          const pathname = new URL(href, "https://app.test").pathname;
          if (SKIP.test(pathname) || depthOf.has(pathname)) continue;
          depthOf.set(pathname, depth);
          next.push(pathname);
        }
      }
      frontier = next;
    }
    const unreached = Object.entries(SCREENS)
      .filter(([, pattern]) => ![...depthOf.keys()].some((path) => pattern.test(path)))
      .map(([name]) => name);
    expect(unreached).toEqual([]);
  }, 180_000); // a hang guard: a breadth-first crawl of every screen, dozens of server renders (minutes on a busy machine)
});
