// Done when: a player sets a loss limit, is refused a bet that would pass it, takes a time-out
// and, signing in again, finds only the restricted view until it ends, in a phone-sized browser.
import assert from "node:assert/strict";
import { operatorToken } from "./operator.mjs";
import { call, newPlayer } from "./players.mjs";

export default async function ({ page, base, shot, smsCode, serverLog }) {
  // A fresh player (the others share demo01, which must not be timed out), funded by the operator.
  const { username, id } = await newPlayer(base, smsCode, { prefix: "lim" });
  const admin = await operatorToken(base, serverLog);
  assert.equal(
    (
      await call(base, "/api/admin/adjust", {
        text: "correction",
        token: admin,
        userId: id,
        money: 1000,
        reason: "e2e funds",
      })
    ).code,
    1,
  );

  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("play1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");

  // a loss limit of 30 over 24 hours
  await page.getByRole("link", { name: "Play limits" }).click();
  await page.waitForURL("**/user/limits");
  await page.locator("select[name=kind]").selectOption("loss");
  await page.locator("select[name=period]").first().selectOption("day");
  await page.getByLabel("Amount").fill("30");
  await page.getByRole("button", { name: "Save limit" }).click();
  await page.getByText("Limit saved").first().waitFor();
  await page.getByTestId("limit-loss-day").getByText("30.00").waitFor();
  await shot("1-limit-set");

  // a bet of 20 is within it; another 20 would pass it
  await page.goto("/activity/16");
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();
  const closesSoon = async () => {
    const m = /Betting closes in\s*(\d+):(\d+)/i.exec(await page.locator("body").innerText());
    return !m || Number(m[1]) * 60 + Number(m[2]) < 15;
  };
  for (let i = 0; i < 60 && (await closesSoon()); i++) await page.waitForTimeout(1000);
  assert.ok(!(await closesSoon()), "a round with time to bet");
  const bet = async () => {
    await page.locator("label.option", { hasText: /^Big/ }).click();
    await page.getByPlaceholder("Amount per option").fill("20");
    await page.getByRole("button", { name: "Buy" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay" }).click();
  };
  await bet();
  await page.getByText("Order placed").first().waitFor();
  await bet();
  await page.getByText("This bet would pass your loss limit").first().waitFor();
  await shot("2-bet-refused");

  // a 24-hour time-out: logged out at once; signing in again opens the restricted view with the end date
  await page.goto("/user/limits");
  await page.locator("select[name=period]").last().selectOption("24h");
  await page.getByRole("form", { name: "Take a break" }).getByRole("button", { name: "Continue" }).click();
  // the confirm step states the end date and asks for the withdrawal password only there
  const confirmBreak = page.getByTestId("break-confirm");
  await confirmBreak.getByTestId("break-ends").waitFor();
  await confirmBreak.getByLabel("Withdrawal password").fill("135790");
  await shot("3-time-out");
  await confirmBreak.getByRole("button", { name: "Start the time-out" }).click();
  await page.waitForURL("**/login");
  await page
    .getByText(/Your time-out has started\. It ends /)
    .first()
    .waitFor();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("play1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
  await page
    .getByTestId("restricted")
    .getByText(/Time-out until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    .waitFor();
  await shot("4-restricted-view");
}
