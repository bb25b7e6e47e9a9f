// A player watching a room when an operator voids its round sees the refund in the room's balance at
// once, without reloading: the stake comes back, so the balance returns to the very figure it was at
// the room's first load (the room used to keep the figure after the bet, as that equal figure looked
// like no news). The flow's own room plays 25 s rounds closing 4 s before their draw, with a player of its own.
// The bet list then says why in four languages: a sentence under its name, read from the left.
import assert from "node:assert/strict";
import { eventually, textOf } from "./eventually.mjs";
import { languageCookie } from "./language.mjs";
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
  // a preset reason: the bet list names it after the kind of void (an operator's own words never reach players)
  const voided = await call(base, "/api/admin/rounds/void", { token, roundId, reason: "#feedProblem Feed outage" });
  assert.equal(voided.code, 1, `void accepted: ${JSON.stringify(voided)}`);

  await eventually(
    async () => assert.equal(money(await textOf(balance)), opening, "the refund shows in the room's balance"),
    { timeout: 20_000 },
  );
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "without reloading the page");
  await shot("refunded");
  await room.stop();

  // the bet list says why the round was voided as a sentence on the card's width under its name, each line starting
  // where the name does (it was a right-aligned ragged column), its last line never one word alone
  for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
    await page.context().addCookies([languageCookie(base, lng)]);
    await page.goto("/betlist");
    const why = page.getByTestId("bet-void").first();
    await why.waitFor();
    const { name, lines, lastLineWords } = await why.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      const lines = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => ({ left: r.left, top: r.top }));
      // the words of the sentence's last line
      const text = dd.firstChild;
      const last = Math.max(...lines.map((l) => l.top));
      let lastLineWords = 0;
      for (const match of text.data.matchAll(/\S+/g)) {
        const word = document.createRange();
        word.setStart(text, match.index);
        word.setEnd(text, match.index + match[0].length);
        if (Math.abs(word.getBoundingClientRect().top - last) < 2) lastLineWords += 1;
      }
      return { name: dd.previousElementSibling.getBoundingClientRect().left, lines, lastLineWords };
    });
    await shot(`betlist-void-${lng}`);
    for (const line of lines)
      assert.ok(Math.abs(line.left - name) <= 1, `${lng}: a line starts at ${line.left}, its name at ${name}`);
    // Chinese has no spaces between words (and its sentence may take one line): the languages that have them
    if (lng === "en" || lng === "vi") {
      assert.ok(lines.length > 1, `${lng}: the reason is a sentence over lines`);
      assert.ok(lastLineWords > 1, `${lng}: the last line holds ${lastLineWords} word`);
    }
  }
}
