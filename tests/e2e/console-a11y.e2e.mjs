// The console's accessibility (docs/decisions/146): axe finds no serious or critical violation on any console screen in the
// four languages, and Lighthouse's accessibility score is 100 on the console's main screens (the first
// screen with the books check and the charts, approvals, a player file, the audit log, the risk list).
// axe runs in the page as in tests/e2e/a11y.e2e.mjs (tests/e2e/axe.mjs); Lighthouse runs in its own
// Chromium (one for the flow's runs) with the operator's cookie.
import assert from "node:assert/strict";
import { accessibilityAuditor } from "../support/lighthouse-a11y.mjs";
import { playerWithDeposit } from "./console-day.e2e.mjs";
import { operatorCode } from "./operator.mjs";
import { LANGUAGES, audit } from "./axe.mjs";
import { languageCookie, languageValue } from "./language.mjs";

/** The href of the first link in the page's main content whose address matches. */
async function firstLink(page, path, pattern) {
  await page.goto(path);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  const href = hrefs.find((h) => pattern.test(h));
  assert.ok(href, `${path} links to ${pattern}`);
  return href;
}

export default async function ({ page, context, base, shot, smsCode, serverLog }) {
  // a deposit waits, so approvals shows a card with its decision form, and the player has a file and a trail
  const player = await playerWithDeposit(base, smsCode, "2500");
  // seventy-odd pages on a shared machine: a slow answer is not a failure of this flow
  page.setDefaultNavigationTimeout(90_000);
  const found = [];
  for (const lng of LANGUAGES) {
    await context.clearCookies();
    await context.addCookies([languageCookie(base, lng)]);
    found.push(...(await audit(page, "/admin/login", lng)));
  }

  await context.clearCookies();
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("admin1234");
  const { code, sent } = await operatorCode(serverLog);
  await page.getByLabel("Authenticator code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Approvals" }).waitFor();
  await sent();

  const card = page.getByTestId(`deposit-${player.depositId}`);
  const playerFile = await card.getByRole("link", { name: player.username }).getAttribute("href");
  const riskFile = playerFile.replace("/players/", "/risk/");
  const article = await firstLink(page, "/admin/content", /^\/admin\/content\/\d+$/);
  const screens = [
    "/admin",
    "/admin/players",
    playerFile,
    "/admin/risk",
    riskFile,
    "/admin/insight",
    "/admin/exports",
    "/admin/books",
    "/admin/rooms",
    "/admin/rooms/1",
    "/admin/rooms/new",
    "/admin/content",
    article,
    "/admin/banners",
    "/admin/finance",
    "/admin/settings",
    "/admin/totals",
    "/admin/operators",
    "/admin/audit",
  ];
  for (const lng of LANGUAGES) {
    await context.addCookies([languageCookie(base, lng)]);
    for (const path of screens) found.push(...(await audit(page, path, lng)));
  }

  // the first screen, books check and charts, as a phone and a desk show it, in the two languages with
  // the most compact and the longest words; the books are checked first, so the line says when
  await page.locator(".books-check-now button").click();
  await page.getByTestId("books-ok").waitFor();
  for (const lng of ["zh-CN", "vi"]) {
    await context.addCookies([languageCookie(base, lng)]);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto("/admin");
      await shot(`first-screen-${lng}-${width}`);
    }
  }

  // Lighthouse, accessibility only, with this operator's session: every main screen in English, the
  // first screen also at desk width and in Vietnamese (a run takes most of a minute on a shared machine;
  // axe above covers the four languages)
  const session = (await context.cookies()).find((c) => c.name === "__op");
  assert.ok(session, "the console's session cookie");
  const main = [
    ["en", "/admin", false],
    ["en", "/admin", true],
    ["en", playerFile, false],
    ["en", "/admin/audit", false],
    ["en", "/admin/risk", false],
    ["en", "/admin/insight", false],
    ["vi", "/admin", false],
  ];
  const scores = [];
  const lighthouse = await accessibilityAuditor();
  try {
    for (const [lng, path, desktop] of main) {
      const headers = { Cookie: `__op=${session.value}; lng=${languageValue(lng)}` };
      const { score, failing } = await lighthouse.score(`${base}${path}`, { headers, desktop });
      scores.push(
        `${lng} ${path}${desktop ? " (desk)" : ""}: ${score}${failing.length ? ` (${failing.join("; ")})` : ""}`,
      );
    }
  } finally {
    await lighthouse.close();
  }
  console.log(`    Lighthouse accessibility:\n      ${scores.join("\n      ")}`);
  assert.deepEqual(found, [], `serious or critical axe violations:\n${found.join("\n")}`);
  assert.deepEqual(
    scores.filter((s) => !/: 100$/.test(s)),
    [],
    "Lighthouse accessibility is 100 on the console's main screens",
  );
}
