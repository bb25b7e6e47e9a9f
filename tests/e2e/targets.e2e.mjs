// Tap targets of at least 24 x 24 px on every player screen (WCAG 2.2, 2.5.8), for a guest and a player,
// at the phone viewport the runner opens. Links inside an article's own text are sentences, not targets.
import assert from "node:assert/strict";

const GUEST_SCREENS = ["/", "/login", "/register", "/help/list", "/ServicePage", "/my_update"];
const PLAYER_SCREENS = [
  "/", "/user", "/activity/1", "/bjsc/4", "/current/1", "/rules/1", "/withdraw", "/recharge", "/my_income", "/betlist", "/room_list/1", "/room_list/2",
  "/banklist", "/bankadd?type=USDT", "/my_password", "/my_set", "/my_update", "/usercipherpassword", "/userloginpassword", "/languageSet", "/lotteryprize",
  "/fairness", "/finance", "/productorder", "/productrule", "/user/limits", "/user/statement", "/reality-check", "/message", "/help/list", "/ServicePage",
];

async function smallTargets(page, path) {
  await page.goto(path);
  await page.waitForLoadState("load");
  return page.evaluate(() =>
    [...document.querySelectorAll("a[href], button, input[type=checkbox], input[type=radio], select, summary, [role=button]")]
      .filter((el) => !el.closest(".article-body") && el.getClientRects().length > 0)
      .map((el) => {
        // a box or a radio is tapped through its label
        const target = el.matches("input[type=checkbox], input[type=radio]") ? (el.closest("label") ?? el) : el;
        const box = target.getBoundingClientRect();
        const name = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40);
        return { name, width: Math.round(box.width), height: Math.round(box.height) };
      })
      .filter((t) => t.width < 24 || t.height < 24),
  );
}

export default async function ({ page }) {
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
}
