// The console's accessibility as Lighthouse scores it (docs/decisions/146): none of the rules Lighthouse's accessibility
// score weighs finds anything on the console's main screens (the first screen with the books check and the charts,
// also at desk width and in Vietnamese, a player file, the audit log, the risk list, the charts): what a Lighthouse
// score of 100 means, judged by the same axe-core rules in the page the flow has open instead of seven Lighthouse
// runs of most of a minute each (npm run audit still prints Lighthouse's own scores). Every main console screen's
// serious or critical violations in the four languages are the crawl's (tests/e2e/crawl.e2e.mjs, tests/e2e/axe.mjs).
import assert from "node:assert/strict";
import { playerWithDeposit } from "./console-day.e2e.mjs";
import { signInToConsole } from "./operator.mjs";
import { audit } from "./axe.mjs";
import { languageCookie } from "./language.mjs";
import { SHOTS_KEPT } from "./shots.mjs";

export default async function ({ page, context, base, shot, smsCode, serverLog }) {
  // a deposit waits, so approvals shows a card with its decision form, and the player has a file and a trail
  const player = await playerWithDeposit(base, smsCode, "2500");
  // a slow answer on a shared machine is not a failure of this flow
  page.setDefaultNavigationTimeout(90_000);
  const found = [];
  await signInToConsole(page, serverLog);

  const card = page.getByTestId(`deposit-${player.depositId}`);
  const playerFile = await card.getByRole("link", { name: player.username }).getAttribute("href");
  // the main screens at a phone's width, as Lighthouse scores them
  const main = [
    ["en", "/admin"],
    ["en", playerFile],
    ["en", "/admin/audit"],
    ["en", "/admin/risk"],
    ["en", "/admin/insight"],
    ["vi", "/admin"],
  ];
  for (const [lng, path] of main) {
    await context.addCookies([languageCookie(base, lng)]);
    found.push(...(await audit(page, path, lng, { asLighthouse: true })));
  }
  // the first screen at a desk's width (Lighthouse's desktop size)
  await context.addCookies([languageCookie(base, "en")]);
  await page.setViewportSize({ width: 1350, height: 940 });
  found.push(...(await audit(page, "/admin", "en", { asLighthouse: true })).map((v) => `${v} (desk)`));
  await page.setViewportSize({ width: 390, height: 844 });

  // the first screen, books check and charts, as a phone and a desk show it, in the two languages with
  // the most compact and the longest words; the books are checked first, so the line says when
  await page.locator(".books-check-now button").click();
  await page.getByTestId("books-ok").waitFor();
  for (const lng of SHOTS_KEPT ? ["zh-CN", "vi"] : []) {
    await context.addCookies([languageCookie(base, lng)]);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto("/admin");
      await shot(`first-screen-${lng}-${width}`);
    }
  }

  assert.deepEqual(
    found,
    [],
    `axe violations on the console's main screens (serious or critical, or any of Lighthouse's rules):\n${found.join("\n")}`,
  );
}
