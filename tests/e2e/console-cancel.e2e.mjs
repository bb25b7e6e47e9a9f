// "Go back" on a console confirm step, with JavaScript: nothing is done and the form keeps what was typed
// (docs/decisions/151), the select included; the step said what the player reads and what stays inside.
import assert from "node:assert/strict";
import { signInToConsole } from "./operator.mjs";
import { newPlayer } from "./players.mjs";

export default async function ({ page, base, shot, smsCode, serverLog }) {
  // a player of this flow's own, whose balance no other flow moves while this one reads it
  const player = await newPlayer(base, smsCode, { prefix: "cc" });
  await signInToConsole(page, serverLog);
  await page.goto(`/admin/players?q=${player.username}`);
  await page.getByRole("link", { name: player.username }).first().click();
  await page.getByRole("heading", { name: player.username }).waitFor();
  const balance = await page.getByTestId("player-balance").innerText();
  await page.locator('input[name="money"]').fill("25.50");
  await page.locator('select[name="text"]').selectOption("promotion");
  await page.locator('input[name="reason"]').fill("spring promo");
  await page.getByRole("button", { name: "Apply" }).click();
  const step = page.getByTestId("confirm-panel");
  await step.waitFor();
  const words = (await step.innerText()).replace(/\s+/g, " ");
  assert.match(words, /The player will read: “Promotion credit”\./);
  assert.match(words, /Your internal note “spring promo” stays in the console/);
  await shot("confirm");
  await step.getByRole("button", { name: "Go back" }).click();
  await step.waitFor({ state: "detached" });
  assert.equal(await page.locator('input[name="money"]').inputValue(), "25.50");
  assert.equal(await page.locator('select[name="text"]').inputValue(), "promotion");
  assert.equal(await page.locator('input[name="reason"]').inputValue(), "spring promo");
  assert.equal(await page.getByTestId("player-balance").innerText(), balance);
  await shot("cancelled");
}
