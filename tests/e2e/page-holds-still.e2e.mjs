// The page holds still while it becomes interactive. On a slow phone an operator opens approvals, scrolls down to a
// request and taps Approve while React is still hydrating: nothing the page does on hydrating may scroll it, or the
// tap lands on whatever has moved under the finger (seen: the console's menu brought its current entry into view
// with scrollIntoView, which scrolled the whole page back up to the menu, and the tap on Approve was lost). The
// approvals screen is opened with its scripts held, scrolled to the last request, the scripts let through, and once
// React has hydrated the page is where the operator left it and the tap reaches the button.
import assert from "node:assert/strict";
import { holdScripts, reactHydrated } from "./hydrated.mjs";
import { signInToConsole } from "./operator.mjs";
import { call, newPlayer } from "./players.mjs";
import { paidInto } from "./site-payees.mjs";

const REQUESTS = 4; // enough cards that the last one lies well below the menu at a phone's height

export default async function ({ page, base, smsCode, serverLog }) {
  const players = [];
  for (let i = 0; i < REQUESTS; i++) {
    const player = await newPlayer(base, smsCode, { prefix: "still" });
    const asked = await call(base, "/api/game/recharge", {
      token: player.token,
      money: "500",
      pay_name: "Still Payer",
      ...paidInto(),
    });
    assert.equal(asked.code, 1, JSON.stringify(asked));
    players.push(player);
  }
  await signInToConsole(page, serverLog);

  const scripts = await holdScripts(page);
  try {
    await page.goto("/admin", { waitUntil: "domcontentloaded" });
    const last = page.locator("article", { hasText: players.at(-1).username });
    await last.getByRole("button", { name: "Approve" }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 200, `the last request lies below the first screen (scrolled to ${scrolled})`);
    scripts.release();
    await reactHydrated(page);
    // the frame after the next: whatever hydration's effects scheduled has run
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.evaluate(() => window.scrollY), scrolled, "hydrating did not scroll the page");
    await last.getByRole("button", { name: "Approve" }).click();
    await page.getByTestId("confirm-panel").waitFor();
  } finally {
    await scripts.stop();
  }

  // the menu still brings the current screen's entry into view, its line scrolled sideways (the last entries lie off
  // to the right at 390 px), the page itself not scrolled
  await page.goto("/admin/audit");
  await reactHydrated(page);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const entry = await page.getByRole("navigation").getByRole("link", { name: "Audit log", exact: true }).boundingBox();
  assert.ok(entry && entry.x >= 0 && entry.x + entry.width <= 390, `the current entry is on screen (${entry?.x})`);
  assert.equal(await page.evaluate(() => window.scrollY), 0, "the page was not scrolled to show it");
}
