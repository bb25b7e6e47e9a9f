// Tap targets of at least 24 x 24 px on every player screen (WCAG 2.2, 2.5.8), for a guest and a player,
// at the phone viewport the runner opens. Links inside an article's own text are sentences, not targets.
// Then every player screen in Vietnamese, whose words run longest: no navigation row that hides links off
// screen, no badge broken over two lines, and no screen wider than the phone (390 and 320 px).
import assert from "node:assert/strict";
import { languageCookie } from "./language.mjs";

const GUEST_SCREENS = ["/", "/login", "/register", "/help/list", "/ServicePage", "/my_update"];
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

async function smallTargets(page, path) {
  await page.goto(path);
  await page.waitForLoadState("load");
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "a[href], button, input[type=checkbox], input[type=radio], select, summary, [role=button]",
      ),
    ]
      .filter((el) => !el.closest(".article-body") && el.getClientRects().length > 0)
      .map((el) => {
        // a box or a radio is tapped through its label
        const target = el.matches("input[type=checkbox], input[type=radio]") ? (el.closest("label") ?? el) : el;
        const box = target.getBoundingClientRect();
        const name = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "")
          .trim()
          .slice(0, 40);
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      })
      .filter((t) => t.width < 24 || t.height < 24),
  );
}

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
  const found = {};
  for (const path of GUEST_SCREENS) found[`guest ${path}`] = await smallTargets(page, path);
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  for (const path of PLAYER_SCREENS) found[`player ${path}`] = await smallTargets(page, path);
  const failures = Object.entries(found).filter(([, small]) => small.length > 0);
  assert.deepEqual(failures, [], "every tap target is at least 24 x 24 px");

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
