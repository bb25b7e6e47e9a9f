// Every player screen in Vietnamese, whose words run longest: no navigation row that hides links off screen, the
// room's tools on one row, no amount broken over two lines, no empty field's hint cut, no badge broken over two lines,
// and no screen wider than the phone (390 and 320 px). Tap targets (44 x 44 px) are the crawl's to check, on every
// screen in four languages (tests/e2e/screen-checks.mjs).
import assert from "node:assert/strict";
import { languageCookie } from "./language.mjs";

const PLAYER_SCREENS = [
  "/",
  "/user",
  "/activity/1",
  "/bjsc/4",
  "/current/1",
  "/rules/1",
  "/withdraw",
  "/recharge",
  "/my_income",
  "/betlist",
  "/room_list/1",
  "/room_list/2",
  "/banklist",
  "/bankadd?type=USDT",
  "/my_password",
  "/my_set",
  "/my_update",
  "/usercipherpassword",
  "/userloginpassword",
  "/languageSet",
  "/lotteryprize",
  "/fairness",
  "/finance",
  "/productorder",
  "/productrule",
  "/user/limits",
  "/user/statement",
  "/reality-check",
  "/message",
  "/help/list",
  "/ServicePage",
];

/** What does not fit a phone's width on a screen: the page itself, any row scrolled sideways, badges that wrap. */
async function overflows(page, path) {
  await page.goto(path);
  await page.waitForLoadState("load");
  return page.evaluate(() => {
    const found = [];
    // the page's own width: long words, room tools, two large balances side by side, two date fields
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`page ${document.documentElement.scrollWidth} px wide`);
    for (const el of document.querySelectorAll("nav, .room-tools, .tabs, .tab-row")) {
      if (el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.className || el.tagName} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    }
    // the room's tools are one row: a second row holding one or two of them reads as a different menu
    for (const el of document.querySelectorAll(".room-tools")) {
      const rows = new Set(
        [...el.children].map((child) => {
          const box = child.getBoundingClientRect();
          return Math.round((box.top + box.bottom) / 2);
        }),
      );
      if (rows.size > 1) found.push(`${el.className} wraps into ${rows.size} rows`);
    }
    // an amount reads as one piece: its currency never wraps under its figure
    for (const el of document.querySelectorAll(".money")) {
      if (el.getClientRects().length > 1) found.push(`amount "${el.textContent.trim()}" broken over two lines`);
    }
    // an empty field's hint (a date field's format) is read whole, not cut at the box's edge
    const pen = document.createElement("canvas").getContext("2d");
    for (const el of document.querySelectorAll("input[placeholder]")) {
      if (el.getClientRects().length === 0 || el.value) continue;
      const style = getComputedStyle(el);
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (pen.measureText(el.placeholder).width > room + 1) found.push(`hint "${el.placeholder}" cut in ${el.name}`);
    }
    for (const el of document.querySelectorAll(".badge, .kind-badge")) {
      const style = getComputedStyle(el);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.3;
      if (
        el.getClientRects().length > 0 &&
        el.getBoundingClientRect().height > line * 1.8 + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
      )
        found.push(`badge "${el.textContent.trim()}" wraps`);
    }
    return found;
  });
}

export default async function ({ page, context, base }) {
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  await context.addCookies([languageCookie(base, "vi")]);
  // at the runner's 390 px and at 320 px, the narrowest phone still sold
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    const wide = {};
    for (const path of PLAYER_SCREENS) wide[path] = await overflows(page, path);
    const tooWide = Object.entries(wide).filter(([, problems]) => problems.length > 0);
    assert.deepEqual(tooWide, [], `every player screen fits ${width} px in Vietnamese`);
  }
}
