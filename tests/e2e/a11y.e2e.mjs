// Accessibility (docs/decisions/146 for the console): axe-core on every main screen, in all four languages, guest and signed in;
// no serious or critical violation may remain (tests/e2e/axe.mjs).
import assert from "node:assert/strict";
import { LANGUAGES, audit } from "./axe.mjs";
import { languageCookie } from "./language.mjs";

const GUEST_SCREENS = ["/", "/login", "/register", "/languageSet", "/help/list", "/info/901", "/fairness"];
const PLAYER_SCREENS = [
  "/",
  "/activity/1",
  "/bjsc/4",
  "/room_list/1",
  "/rules/1",
  "/user",
  "/recharge",
  "/withdraw",
  "/betlist",
  "/my_income",
  "/banklist",
  "/finance",
  "/productorder",
  "/user/limits",
  "/user/statement",
  "/my_set",
  "/lotteryprize",
];

export default async function ({ page, context, base, shot }) {
  const found = [];
  for (const lng of LANGUAGES) {
    await context.clearCookies();
    await context.addCookies([languageCookie(base, lng)]);
    for (const path of GUEST_SCREENS) found.push(...(await audit(page, path, lng)));
  }
  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  for (const lng of LANGUAGES) {
    await context.addCookies([languageCookie(base, lng)]);
    for (const path of PLAYER_SCREENS) found.push(...(await audit(page, path, lng)));
  }
  await shot("last-screen");
  assert.deepEqual(found, [], `serious or critical axe violations:\n${found.join("\n")}`);
}
