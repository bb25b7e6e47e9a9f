// Accessibility (issue 14): axe-core on every main screen, in all four languages, guest and signed in;
// no serious or critical violation may remain. axe is evaluated in the page through the DevTools protocol
// (not a <script> tag), so the app's Content Security Policy stays as it is.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { languageCookie } from "./language.mjs";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const LANGUAGES = ["en", "zh-CN", "zh-TW", "vi"];
const GUEST_SCREENS = ["/", "/login", "/register", "/languageSet", "/help/list", "/info/901", "/fairness"];
const PLAYER_SCREENS = [
  "/", "/activity/1", "/bjsc/4", "/room_list/1", "/rules/1", "/user", "/recharge", "/withdraw", "/betlist",
  "/my_income", "/banklist", "/finance", "/productorder", "/user/limits", "/user/statement", "/my_set", "/lotteryprize",
];


async function audit(page, path, lng) {
  await page.goto(path, { waitUntil: "load" });
  assert.equal(await page.locator("html").getAttribute("lang"), lng, `${path} speaks ${lng}`);
  await page.locator("main, form, h1").first().waitFor();
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
  return violations.map((v) => `${lng} ${path}: ${v}`);
}

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
