// A player watching a room when an operator voids its round sees the refund in the room's balance at
// once, without reloading: the stake comes back, so the balance returns to the very figure it was at
// the room's first load (the room used to keep the figure after the bet, as that equal figure looked
// like no news).
import assert from "node:assert/strict";
import { eventually, textOf } from "./eventually.mjs";
import { operatorToken } from "./operator.mjs";

const money = (text) => Number(text.replace(/[^\d.]/g, ""));

async function call(base, path, body) {
  return (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

export default async function ({ page, base, shot, serverLog }) {
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo01");
  await page.getByLabel("Password").fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");

  await page.goto("/activity/16");
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();
  const balance = page.locator(".balance-bar strong");
  // Bet while at least 15 s of betting remain, so the void comes before the close.
  const closesSoon = async () => {
    const m = /Betting closes in\s*(\d+):(\d+)/i.exec(await page.locator("body").innerText());
    return !m || Number(m[1]) * 60 + Number(m[2]) < 15;
  };
  for (let i = 0; i < 60 && (await closesSoon()); i++) await page.waitForTimeout(1000);
  assert.ok(!(await closesSoon()), "a round with time to bet");
  const opening = money(await textOf(balance));
  // A mark on the window: it is gone if the page is loaded again.
  await page.evaluate(() => (window.__sameDocument = true));

  await page.locator("label.option", { hasText: /^Big/ }).click();
  await page.getByPlaceholder("Amount per option").fill("20");
  await page.getByRole("button", { name: "Buy" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay" }).click();
  await page.getByText("Order placed").first().waitFor();
  await eventually(async () => assert.equal(money(await textOf(balance)), opening - 20, "the bet leaves the balance"));

  const token = await operatorToken(base, serverLog);
  const player = await call(base, "/api/Index/login", { username: "demo01", password: "demo1234" });
  const info = await call(base, "/api/Game/getGameinfo", { token: player.data.token, roomid: 16 });
  const roundId = info.data?.game?.id;
  assert.ok(roundId, `the round in play (${JSON.stringify(info).slice(0, 200)})`);
  const voided = await call(base, "/api/admin/rounds/void", { token, roundId, reason: "Feed outage" });
  assert.equal(voided.code, 1, `void accepted: ${JSON.stringify(voided)}`);

  await eventually(
    async () => assert.equal(money(await textOf(balance)), opening, "the refund shows in the room's balance"),
    { timeout: 20_000 },
  );
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "without reloading the page");
  await shot("refunded");
}
