// Done when: the operator sees the books check and the charts on the console's first screen at phone and
// desk width, checks the books on demand, opens the charts' tables, the players at risk, and downloads a CSV.
import assert from "node:assert/strict";
import { signInToConsole } from "./operator.mjs";
import { eventually } from "./eventually.mjs";
import { LANGUAGES, audit } from "./axe.mjs";
import { languageCookie } from "./language.mjs";
import { call, newPlayer, placeBet } from "./players.mjs";
import { roomWithShortRounds } from "./short-rounds.mjs";
import { paidInto } from "./site-payees.mjs";

/** A player who asks for a deposit through the player API, as the app does. */
async function playerWithDeposit(base, smsCode) {
  const player = await newPlayer(base, smsCode, { prefix: "in" });
  const asked = await call(base, "/api/game/recharge", {
    token: player.token,
    money: "500",
    pay_name: "Insight Payer",
    ...paidInto(),
  });
  assert.equal(asked.code, 1);
  return player;
}

export default async function ({ page, context, base, shot, serverLog, smsCode }) {
  const player = await playerWithDeposit(base, smsCode);
  await signInToConsole(page, serverLog);
  const card = page.locator("article", { hasText: player.username });
  await card.getByRole("button", { name: "Approve" }).click();
  await page.getByTestId("confirm-panel").getByRole("button", { name: "Approve" }).click();
  await card.waitFor({ state: "detached" });
  await eventually(async () =>
    assert.ok((await call(base, "/api/game/getuserinfo", { token: player.token })).data.money > 0),
  );

  // some play, drawn within the round: in a room of the flow's own with short rounds (tests/e2e/short-rounds.mjs)
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: `Insight ${player.username}`,
    roundSeconds: 12,
    closeSeconds: 4,
  });
  const roundId = await placeBet(base, player.token, room.id, [
    [2, 1.98, 100],
    [3, 1.98, 50],
  ]);
  await eventually(
    async () => {
      const now = (await call(base, "/api/game/getGameinfo", { token: player.token, roomid: room.id })).data.game;
      assert.notEqual(now.id, roundId);
    },
    { timeout: 60_000, interval: 500 },
  );
  await room.stop();

  // the books are checked on demand from the banner every screen carries
  await page.getByRole("button", { name: "Check now" }).first().click();
  await page.getByText("Books balanced").waitFor();
  await page.goto("/admin");
  await page.getByRole("heading", { name: /Turnover and payouts per day/ }).waitFor();
  await shot("1-first-screen-phone");
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot("2-first-screen-desk");

  // each chart has its table
  await page.goto("/admin/insight?days=90");
  await page.locator("summary", { hasText: "Show as a table" }).first().click();
  await page.getByRole("columnheader", { name: "Turnover" }).first().waitFor();
  await shot("3-insight-90-days-desk");
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/admin/risk");
  await page.getByRole("heading", { name: "Players at risk" }).waitFor();

  // the export streams as a file
  await page.goto("/admin/exports");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const csv = await readFile(path, "utf8");
  assert.match(csv.split("\r\n")[0], /^id,time,user_id,username,kind,kind_code,amount,/);
  assert.ok(base);
  await shot("4-exports-phone");

  // the books per day: today so far beside the live check, and its CSV
  await page.getByRole("link", { name: "Books per day" }).first().click();
  await page.getByRole("heading", { name: "Books per day", level: 1 }).waitFor();
  await page.getByText("Live check (").first().waitFor();
  const [books] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const booksCsv = await readFile(await books.path(), "utf8");
  assert.equal(
    booksCsv.split("\r\n")[0],
    "day,status,status_code,line,line_code,kind,kind_code,players,house,stakes_in_play,locked_finance,rows",
  );
  assert.match(booksCsv, /,open,/);
  await shot("5-books-per-day-phone");
  // axe: no serious or critical violation on the books per day in the four languages (as console-a11y)
  const found = [];
  for (const lng of LANGUAGES) {
    await context.addCookies([languageCookie(base, lng)]);
    found.push(...(await audit(page, "/admin/books", lng)));
  }
  await context.addCookies([languageCookie(base, "en")]);
  assert.deepEqual(found, []);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/admin/books");
  await shot("6-books-per-day-desk");
}
