// Done when: enter a room, bet, watch betting close and the draw settle, see the award in the
// balance, the bet records and the ledger, and verify the round. The flow's own room plays 25 s rounds closing
// 4 s before their draw (the server's are 40 s), with a player of its own.
import assert from "node:assert/strict";
import { eventually } from "./eventually.mjs";
import { fundedPlayer, signInPlayer } from "./players.mjs";
import { roomWithShortRounds, roundWithTimeToBet } from "./short-rounds.mjs";

const money = (text) => Number(text.replace(/[^\d.]/g, ""));

export default async function ({ page, base, shot, smsCode, serverLog }) {
  const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "gm" });
  await signInPlayer(page, player.username, player.password);
  const opening = money(await page.getByTestId("balance").innerText());

  await page.goto("/room_list/1");
  await shot("1-room-list");
  // opened now, so that its first round has its whole betting time
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: "Big & Small · game flow",
    roundSeconds: 25,
    closeSeconds: 4,
  });
  await page.goto(room.url);
  await page.getByText("Bets this round").waitFor();
  // the live status changes from "Connecting" only once the page runs: picks made before would be lost
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();

  // Bet while at least 15 s of betting remain: wait out a round that is about to close.
  const seqno = await roundWithTimeToBet(page, room, 15);

  // Big and Small together: exactly one of them wins, so the outcome is known (-0.40).
  await page.locator("label.option", { hasText: /^Big/ }).click();
  await page.locator("label.option", { hasText: /^Small/ }).click();
  await page.getByPlaceholder("Amount per option").fill("20");
  await shot("2-picked");
  await page.getByRole("button", { name: "Buy" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Confirm your order").waitFor();
  await shot("3-confirm");
  // The answer carries the balance and the socket the bet: no loader runs again after paying
  // (app/lib/room-revalidation.ts), until the round's end reloads the room.
  const reloads = [];
  // the room's own loaders (the live list's 10 s poll while a socket is down is /activity/<room>/live)
  const loader = new RegExp(`/activity/${room.id}\\.data(\\?|$)`);
  const countReload = (request) =>
    request.method() === "GET" && loader.test(request.url()) && reloads.push(request.url());
  page.on("request", countReload);
  await dialog.getByRole("button", { name: "Pay" }).click();
  await page.getByText("Order placed").first().waitFor();
  await page.getByText("You", { exact: true }).first().waitFor();
  await eventually(async () => {
    assert.equal(await page.locator("input[name=option]:checked").count(), 0, "selection cleared");
    assert.equal(await page.getByPlaceholder("Amount per option").inputValue({ timeout: 1_000 }), "", "amount cleared");
  });
  await shot("4-placed");

  await page
    .getByText(/Betting closed|Betting has stopped/i)
    .first()
    .waitFor({ timeout: room.roundSeconds * 1000 });
  page.off("request", countReload);
  assert.deepEqual(reloads, [], "no loader ran again between paying and the close of betting");
  await shot("5-closed");
  await page.getByText(`Round ${seqno}: 39.60 paid on 40.00 staked, a loss of 0.40`).waitFor({ timeout: 30_000 });
  await shot("6-won");

  await page.goto("/user");
  assert.equal(Math.round((money(await page.getByTestId("balance").innerText()) - opening) * 100), -40);

  await page.goto("/betlist");
  await page.getByText("Won", { exact: true }).first().waitFor();
  await page.getByText("Not won", { exact: true }).first().waitFor();
  await shot("7-betlist");

  await page.goto("/my_income");
  await page.getByText("+39.60").first().waitFor();
  await shot("8-ledger");

  await page.goto("/fairness");
  await page.getByLabel("Room").fill(String(room.id));
  await page.getByLabel("Round number").fill(String(seqno));
  await page.getByRole("button", { name: "Check" }).click();
  await page.getByText("Verified: this round was fair").waitFor();
  await page.getByText("Your browser checked this round on its own: it verifies").waitFor();
  await shot("9-fairness");
  await room.stop();
}
