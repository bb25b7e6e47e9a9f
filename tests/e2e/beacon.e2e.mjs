// Beacon draws (docs/decisions/130): with the local beacon, a whole round shows the beacon round announced at open
// and the verified draw after it, on the room, its records, /fairness and `npm run verify-round`. The beacon
// stopped is beacon-void.e2e.mjs. tests/e2e/global-setup.mjs starts the local drand-shaped beacon
// (tests/support/beacon-server.mjs); the flow's own room plays 25 s rounds closing 4 s before their draw, with a
// player of its own.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fundedPlayer, signInPlayer } from "./players.mjs";
import { roomWithShortRounds, roundWithTimeToBet } from "./short-rounds.mjs";

const GENESIS_MS = 1692803367_000; // the test beacon keeps quicknet's genesis and 3 s period
const PERIOD_MS = 3_000;
const money = (text) => Number(text.replace(/[^\d.]/g, ""));

export async function balance(page) {
  await page.goto("/user");
  return money(await page.getByTestId("balance").innerText());
}

/** Opens the room and waits for a round with at least 15 s of betting left; answers its number. */
export async function openRoundWithTimeToBet(page, room) {
  await page.goto(room.url);
  await page.getByText("Bets this round").waitFor();
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();
  return roundWithTimeToBet(page, room, 15);
}

export async function buy(page, options) {
  for (const option of options) await page.locator("label.option", { hasText: new RegExp(`^${option}`) }).click();
  await page.getByPlaceholder("Amount per option").fill("20");
  await page.getByRole("button", { name: "Buy" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Confirm your order").waitFor();
  await dialog.getByRole("button", { name: "Pay" }).click();
  await page.getByText("Order placed").first().waitFor();
}

/** The beacon round /fairness announces for a round still open. */
export async function announcedBeaconRound(page, room, seqno) {
  await page.goto(`/fairness?room=${room.id}&seqno=${seqno}`);
  const line = page.getByText(/Its draw will use drand quicknet round \d+, produced after betting closes\./);
  await line.waitFor();
  return Number(/round (\d+)/.exec(await line.innerText())[1]);
}

/** `npm run verify-round` as a stranger runs it against this server: answers its exit status and output. */
function verifyRound(base, room, seqno, ...extra) {
  const run = spawnSync(
    process.execPath,
    ["scripts/verify-round.mjs", String(room.id), String(seqno), "--url", base, ...extra],
    { encoding: "utf8" },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

export default async function ({ page, base, shot, smsCode, serverLog, beaconKey }) {
  const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "bc" });
  await signInPlayer(page, player.username, player.password);
  const opening = await balance(page);

  // 1. A drawn round. At open it names its beacon round: one produced only after betting closes.
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: "Big & Small · beacon draw",
    roundSeconds: 25,
    closeSeconds: 4,
  });
  const seqno = await openRoundWithTimeToBet(page, room);
  const beaconRound = await announcedBeaconRound(page, room, seqno);
  assert.ok(
    GENESIS_MS + (beaconRound - 1) * PERIOD_MS > Date.now() + 5_000,
    `beacon round ${beaconRound} is produced after betting closes`,
  );
  await page.getByText("This site mixes a public randomness beacon (drand quicknet) into every draw.").waitFor();
  await shot("1-announced");
  await page.goto(room.url);
  await page
    .getByText(/^(Live|Updating every 10 s)$/)
    .first()
    .waitFor();
  assert.equal(Number(/Round (\d+)/.exec(await page.locator("body").innerText())[1]), seqno, "still the same round");
  // the room itself names the beacon round while bets come in, linking to its check
  await page.getByRole("link", { name: `Draw uses drand round ${beaconRound}: check it` }).waitFor();
  // Big and Small together: exactly one wins (39.60 back for 40.00).
  await buy(page, ["Big", "Small"]);
  await shot("2-placed");
  await page.getByText(`Round ${seqno}: 39.60 paid on 40.00 staked, a loss of 0.40`).waitFor({ timeout: 30_000 });
  await page.getByRole("link", { name: "Records" }).click();
  const record = page.getByRole("dialog").locator("li", { hasText: `Round ${seqno}` });
  await record.getByText(`Beacon round (drand quicknet): ${beaconRound}`).waitFor();
  await shot("3-drawn");

  await page.goto(`/fairness?room=${room.id}&seqno=${seqno}`);
  await page.getByText("Verified: this round was fair").waitFor();
  const report = page.locator(".fairness-report");
  await report.getByText(String(beaconRound), { exact: true }).waitFor();
  await report
    .locator(".check-line.good", { hasText: "The beacon signature verifies against the pinned public key" })
    .waitFor();
  await report
    .locator(".browser-check.state-ok", { hasText: "Your browser checked this round on its own: it verifies" })
    .waitFor({ timeout: 30_000 });
  assert.equal(await report.locator(".browser-check.state-disagree").count(), 0, "the browser agrees with the server");
  assert.equal(await report.locator(".check-line.bad").count(), 0, "no red mark");
  // the beacon's long hex and HMAC message wrap inside a phone's width
  assert.ok(
    (await page.evaluate(() => document.documentElement.scrollWidth)) <= 390,
    "no sideways scrolling at 390 px",
  );
  await shot("4-fairness");
  // the offline check: with the test beacon's key the round verifies; against the pinned quicknet key alone it cannot
  const verified = verifyRound(base, room, seqno, "--beacon-key", beaconKey);
  assert.equal(verified.status, 0, verified.output);
  assert.match(verified.output, new RegExp(`beacon    round ${beaconRound} of test beacon`));
  assert.match(verified.output, /OK: the beacon signature verifies against the pinned public key/);
  const pinnedOnly = verifyRound(base, room, seqno);
  assert.equal(pinnedOnly.status, 1, pinnedOnly.output);
  assert.match(pinnedOnly.output, /MISMATCH/);
  assert.equal(Math.round(((await balance(page)) - opening) * 100), -40);
  await room.stop();
}
