// A player watching a room when an operator voids its round sees the refund in the room's balance at
// once, without reloading: the stake comes back, so the balance returns to the very figure it was at
// the room's first load (the room used to keep the figure after the bet, as that equal figure looked
// like no news). The flow's own room plays 25 s rounds closing 4 s before their draw, with a player of its own.
import assert from "node:assert/strict";
import { eventually, textOf } from "./eventually.mjs";
import { operatorToken } from "./operator.mjs";
import { call, fundedPlayer, signInPlayer } from "./players.mjs";
import { roomWithShortRounds, roundWithTimeToBet } from "./short-rounds.mjs";

const money = (text) => Number(text.replace(/[^\d.]/g, ""));

export default async function ({ page, base, shot, smsCode, serverLog }) {
  const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "rv" });
  await signInPlayer(page, player.username, player.password);

  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: "Big & Small · void flow",
    roundSeconds: 25,
    closeSeconds: 4,
  });
  await page.goto(room.url);
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();
  const balance = page.locator(".balance-bar strong");
  // Bet while at least 15 s of betting remain, so the void comes before the close.
  await roundWithTimeToBet(page, room, 15);
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
  const info = await call(base, "/api/Game/getGameinfo", { token: player.token, roomid: room.id });
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
  await room.stop();
}
