// What a flow that plays rounds needs so that it waits seconds, not the server's 40 s rounds, and shares nothing
// with the flows running beside it: a room of its own whose rounds are short, set through the console's own
// room settings (the operator API the console's room screens call: a room's round and close seconds), and a
// funded player of its own (tests/e2e/players.mjs fundedPlayer). The server-wide ROUND_SECONDS stays; nothing here exists only for the tests.
import assert from "node:assert/strict";
import { eventually, textOf } from "./eventually.mjs";
import { operatorToken } from "./operator.mjs";
import { call } from "./players.mjs";

/** The seeded Big & Small game (room 16's): a room of its four options offers Big and Small at 1.98. */
const BIG_AND_SMALL = 16;

/**
 * A new room of `game` in the USDT tab, trading, whose rounds last `roundSeconds` and close `closeSeconds` before
 * their draw, made as an operator makes it on the console's new-room screen (the game's default odds). Its first
 * round opens at once: made just before the flow enters it, the flow finds that round with its whole betting time.
 * A flow gives its rounds some 6 s of betting beyond the time it needs to bet: on a loaded machine the room's page
 * can take that long to run, and a first round missed costs a whole round.
 * Answers its id, its page and `stop()`, which turns its trading off as the console's room screen does, so it
 * plays no more rounds once the flow is done.
 */
export async function roomWithShortRounds({
  base,
  serverLog,
  title,
  game = BIG_AND_SMALL,
  optionCount = 4,
  roundSeconds,
  closeSeconds,
}) {
  const token = await operatorToken(base, serverLog);
  const template = await call(base, "/api/admin/rooms/template", { token, gameId: game, optionCount });
  assert.equal(template.code, 1, JSON.stringify(template));
  const settings = {
    title,
    kind: "standard",
    minjoin: "0",
    minbuy: "20",
    minLevel: "1",
    roundSeconds: String(roundSeconds),
    closeSeconds: String(closeSeconds),
    rates: template.data.options.map((o) => String(o.odds)),
  };
  const created = await call(base, "/api/admin/rooms/create", {
    token,
    gameId: game,
    roomtype: "1",
    trading: "1",
    ...settings,
  });
  assert.equal(created.code, 1, JSON.stringify(created));
  const { id } = created.data;
  assert.deepEqual(
    { roundSeconds: created.data.roundSeconds, closeSeconds: created.data.closeSeconds },
    { roundSeconds, closeSeconds },
    "the room keeps its short rounds",
  );
  const stop = async () => {
    const stopped = await call(base, "/api/admin/rooms/update", {
      token: await operatorToken(base, serverLog),
      id,
      trading: "0",
      ...settings,
    });
    assert.equal(stopped.code, 1, JSON.stringify(stopped));
  };
  return { id, url: `/activity/${id}`, roundSeconds, closeSeconds, stop };
}

/**
 * Waits on the room's open page for a round with at least `seconds` of betting left: a round closing sooner is
 * waited out until the socket brings the next one. Answers that round's number. Language-free: it reads the
 * round panel's phase and clock, not their words.
 */
export async function roundWithTimeToBet(page, room, seconds) {
  const panel = page.locator(".round-panel");
  let seqno;
  await eventually(
    async () => {
      assert.match((await panel.getAttribute("class", { timeout: 1_000 })) ?? "", /\bphase-open\b/, "betting open");
      const [minutes, secs] = (await textOf(panel.locator(".countdown-clock"))).split(":").map(Number);
      assert.ok(minutes * 60 + secs >= seconds, `a round with time to bet: ${minutes * 60 + secs} s left`);
      seqno = Number(/\d+/.exec(await textOf(panel.locator(".round-number")))[0]);
    },
    // the round in play, the next round's open and its message on the socket
    { timeout: (room.roundSeconds + 10) * 1000, interval: 200 },
  );
  return seqno;
}

/**
 * Waits, through the player's own room API, for `room`'s round to have at least `seconds` of betting left: what a
 * page without JavaScript needs, rendered once with its buy button only while betting is open.
 */
export async function bettingOpenFor({ base, token, room, seconds }) {
  await eventually(
    async () => {
      const info = await call(base, "/api/game/getgameinfo", { token, roomid: room });
      assert.equal(info.code, 1, JSON.stringify(info));
      const left = info.data.diff.minute * 60 + info.data.diff.second - info.data.closeSeconds;
      assert.ok(left >= seconds, `a round with time to bet: ${left} s left`);
    },
    // the round in play and the next one's opening, at the server's longest rounds
    { timeout: 75_000, interval: 500 },
  );
}
