// A room's reads in the background never replace the room (docs/decisions/164). The poll that stands in for
// a dropped socket, the record popup's pages, and a reload of the room while such a read is still on its way,
// leave the room on screen; the poll still brings the round's new bets, and a poll sent to sign in takes the
// player there. The reality check's timer reloads the page's data at the server's due moment, and only then. Before, the poll was a Remix fetcher: a failed poll (the network
// gone, which is when polls run) showed the error page, and a reload while the router was still looking up
// the poll's route (lazy route discovery) showed "page not found".
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { eventually } from "./eventually.mjs";
import { call, fundedPlayer, placeBet } from "./players.mjs";
import { roomWithShortRounds } from "./short-rounds.mjs";

const STATUS = /^(Live|Updating every 10 s)$/;

/** The error page's titles in English (the flow reads the room in English), the offline one among them. */
const common = JSON.parse(readFileSync("locales/en/common.json", "utf8"));
const { errorPage, offline } = common;
const frozen = common.login.frozen;

async function assertRoomShown(page, what) {
  const text = await page.locator("body").innerText();
  for (const title of [errorPage.title, errorPage.notFound, offline])
    assert.ok(!text.includes(title), `${what}: "${title}"`);
  await page.getByText("Bets this round").waitFor({ timeout: 5_000 });
}

/** The flow's player signs in at /login, as a person would, and lands on /user. */
async function signIn(page, player) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(player.username);
  await page.getByLabel("Password").fill(player.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
}

export default async function ({ page, base, shot, smsCode, serverLog }) {
  // a player of this flow's own (its bets, its reality check's clock), with a balance to bet
  const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "rr" });
  await signIn(page, player);

  // a room of the flow's own (tests/e2e/short-rounds.mjs), opened now: its first round's 26 s of betting leave the
  // bet of step 2 its window (15 to 25 s left) without waiting for another round
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: `Room reads ${player.username}`,
    roundSeconds: 30,
    closeSeconds: 4,
  });

  // 1. The socket is down and every poll fails: the room stays, saying it updates every 10 s.
  await page.routeWebSocket(/\/ws\/room\//, (socket) => socket.close());
  await page.route(/\/activity\/\d+\/live/, (route) => route.abort("internetdisconnected"));
  const failedPoll = page.waitForEvent("requestfailed", (request) => /\/activity\/\d+\/live/.test(request.url()));
  await page.goto(`/activity/${room.id}`);
  await page.getByText("Updating every 10 s").first().waitFor();
  await failedPoll;
  await assertRoomShown(page, "a failed poll");
  await shot("1-polls-failing");

  // 2. The network is back: the next poll brings a bet placed after the page loaded.
  await page.unroute(/\/activity\/\d+\/live/);
  // the same player from another device: the bet reaches this page through the poll alone
  const other = (await call(base, "/api/Index/login", { username: player.username, password: player.password })).data
    .token;
  // placed when the page shows the round in play with 15 s or more of betting left: the next poll (every 10 s)
  // comes before the round ends and clears the table
  await eventually(
    async () => {
      const info = (await call(base, "/api/game/getGameinfo", { token: other, roomid: room.id })).data;
      const left = info.diff.minute * 60 + info.diff.second - info.closeSeconds;
      assert.ok(left >= 15 && left <= 25, `betting left: ${left} s`);
      await page.getByText(`Round ${info.game.seqno}`, { exact: true }).waitFor({ timeout: 500 });
    },
    { timeout: 60_000, interval: 500 },
  );
  const mine = page.locator(".live-bets .live-row.mine");
  const before = await mine.count();
  await placeBet(base, other, room.id, [[0, 1.98, 20]]);
  await eventually(async () => assert.equal(await mine.count(), before + 1, "the poll shows the new bet"), {
    timeout: 20_000,
  });
  await assertRoomShown(page, "a poll that worked");

  // 3. The record popup's page cannot be read: the popup says so and the room stays; opened again, it lists rounds.
  await page.route(/\/activity\/\d+\/record/, (route) => route.abort("internetdisconnected"));
  await page.getByRole("link", { name: "Records" }).click();
  const popup = page.getByRole("dialog", { name: "Past results" });
  await popup.getByText("Network error, please try again").waitFor();
  await assertRoomShown(page, "a failed record page");
  await shot("3-record-page-failed");
  await page.unroute(/\/activity\/\d+\/record/);
  await popup.getByRole("link", { name: "Close" }).click();
  await page.getByRole("link", { name: "Records" }).click();
  await eventually(async () => {
    const text = await popup.innerText();
    assert.ok(!text.includes("Network error"), "the popup read its page");
    assert.ok(/Round \d+|No past rounds yet/.test(text), "rounds or the empty list");
  });
  await popup.getByRole("link", { name: "Close" }).click();

  // 4. A reload of the room (the page shown again) while the first poll of a fresh page is on its way, its
  // route still being looked up: the room reloads and stays.
  await page.unrouteAll({ behavior: "wait" });
  // only the lookup of the room's sub-routes (/activity/32/live, /record) is slow: the room's own is not. Shown
  // again, the page reloads the room and polls; the poll's lookup is held until the reload has its answer.
  let reloadAnswered;
  const roomReloaded = new Promise((resolve) => (reloadAnswered = resolve));
  await page.route(new RegExp(`/__manifest\\?p=%2Factivity%2F${room.id}%2F`), async (route) => {
    await roomReloaded;
    await route.continue();
  });
  await page.goto(`/activity/${room.id}`);
  await page.getByText(STATUS).first().waitFor();
  // the poll that a page shown again sends, once its slow lookup is over and it has its answer
  const pollAnswered = page.waitForResponse((response) => /\/activity\/\d+\/live/.test(response.url()));
  const reload = page.waitForResponse((response) => response.url().includes(`/activity/${room.id}.data`));
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await reload;
  reloadAnswered();
  await pollAnswered;
  await assertRoomShown(page, "a reload during a poll");

  // 5. The reality check's timer (the player's device clock moved on to the due moment): it reloads the page's
  // data, whose root loader reads the check from the server; not due by the server's clock, so no dialog, and
  // the next timer is set from the server's answer and asks again in its turn.
  // a page of its own, its clock the test's from the first load
  const device = await page.context().browser().newContext({ viewport: page.viewportSize(), baseURL: base });
  const phone = await device.newPage();
  await phone.clock.install();
  await signIn(phone, player);
  await phone.getByTestId("balance").waitFor();
  const reloads = [];
  phone.on("response", (r) => /\/user\.data(\?|$)/.test(r.url()) && reloads.push(r.url()));
  // The page arms its next timer from each reload's answer, which nothing on the page shows: the flow gives it 1.5 s
  // before moving the clock on (moved before the timer is armed, the move would be lost), and a reload that does not
  // come can only be seen by time passing. The flow's only fixed pauses (docs/testing.md).
  const reloadsAfter = async (minutes, expected, what) => {
    await phone.clock.fastForward(minutes * 60_000);
    await phone.waitForTimeout(1_500);
    assert.equal(reloads.length, expected, what);
  };
  // due about 60 minutes after signing in, by the server's clock
  await reloadsAfter(61, 1, "the timer reloads the page's data at the due moment");
  // the server said not yet: the next timer is the time it said was left, not a second away
  await reloadsAfter(55, 1, "no reload before the server's due moment");
  await reloadsAfter(6, 2, "the next reload at the server's due moment");
  assert.equal(await phone.getByRole("alertdialog").count(), 0, "not due by the server's clock");
  await device.close();

  // 6. A poll sent to sign in (the account was frozen meanwhile: the server clears the session and redirects):
  // the player lands on /login, which says why.
  await page.route(/\/activity\/\d+\/live/, (route) =>
    route.fulfill({
      status: 302,
      headers: { location: "/login?frozen=1", "set-cookie": "__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax" },
    }),
  );
  await page.goto(`/activity/${room.id}`);
  await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("frozen") === "1");
  await page.getByText(frozen).waitFor();
  await room.stop();
}
