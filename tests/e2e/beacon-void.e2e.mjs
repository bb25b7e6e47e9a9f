// A beacon that stops (docs/decisions/130): the draw waits for the beacon round the round named at open, then the
// round is void, every stake refunded and the seed published, on the room, the bet records and /fairness.
// tests/e2e/global-setup.mjs starts the local drand-shaped beacon with BEACON_MAX_WAIT_SECONDS 10; the flow's own
// room plays 25 s rounds closing 4 s before their draw, with a player of its own. It switches the run's one beacon
// down, which every room's draw would wait for: it runs after the other flows (playwright.config.mjs).
import assert from "node:assert/strict";
import { announcedBeaconRound, balance, buy, openRoundWithTimeToBet } from "./beacon.e2e.mjs";
import { eventually, textOf } from "./eventually.mjs";
import { fundedPlayer, signInPlayer } from "./players.mjs";
import { roomWithShortRounds } from "./short-rounds.mjs";

export default async function ({ page, base, shot, smsCode, serverLog, beaconMode }) {
  await beaconMode("ok");
  const player = await fundedPlayer({ base, smsCode, serverLog, prefix: "bv" });
  await signInPlayer(page, player.username, player.password);
  const before = await balance(page);
  // a room of the flow's own, opened now so that its first round has its whole betting time
  const room = await roomWithShortRounds({
    base,
    serverLog,
    title: "Big & Small · beacon void",
    roundSeconds: 25,
    closeSeconds: 4,
  });
  const seqno = await openRoundWithTimeToBet(page, room);
  const beaconRound = await announcedBeaconRound(page, room, seqno);
  await page.goto(room.url);
  await buy(page, ["Big"]);
  await page.getByText("You", { exact: true }).first().waitFor();
  await shot("1-placed");
  try {
    await beaconMode("down");
    const waiting = page.getByText(/Waiting for beacon round (\d+)…/);
    await waiting.waitFor({ timeout: 45_000 });
    const waitedRound = Number(/round (\d+)/.exec(await waiting.innerText())[1]);
    assert.equal(waitedRound, beaconRound, "the round waits for the beacon round it named at open");
    await shot("2-waiting");
    const panel = page.getByRole("region", { name: "Current round" });
    await eventually(
      async () => {
        const text = await textOf(panel);
        assert.match(text, new RegExp(`Latest result · round ${seqno}\\b`));
        assert.match(text, /Void: not drawn, stakes refunded/);
      },
      { timeout: 45_000, interval: 500 },
    );
    await page
      .getByText(
        "The public randomness beacon this round needed could not be fetched and verified in time; every stake was refunded.",
      )
      .first()
      .waitFor();
    await shot("3-void");
  } finally {
    await beaconMode("ok");
  }
  assert.equal(await balance(page), before, "the stake came back");
  await page.goto("/betlist");
  await page.getByText("Refunded", { exact: true }).first().waitFor();
  await page.goto(`/fairness?room=${room.id}&seqno=${seqno}`);
  await page.getByText(`Round ${seqno} was void`).waitFor();
  await page.getByText(/could not be fetched and verified in time/).waitFor();
  await page.locator(".check-line.good").first().waitFor();
  await shot("4-void-fairness");
  await room.stop();
}
