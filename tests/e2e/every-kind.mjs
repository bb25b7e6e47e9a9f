// Data of every kind a screen shows, made through the product as its flows make it (wallet, four-eyes,
// console-cancel, finance, room-void, protection), so a crawl opens each screen with rows of each kind in it:
// pending, paid and rejected deposits and withdrawals (the paid one with its payout reference), a credit
// waiting for a second operator and one cancelled, a lock-up, bets in a settled round and a voided round's
// refund, and a player with a marker of harm (repeated refusals during a time-out) who sees the restricted view.
import assert from "node:assert/strict";
import { eventually } from "./eventually.mjs";
import { approveDepositTwice, operatorToken } from "./operator.mjs";
import { call, newPlayer, placeBet } from "./players.mjs";
import { roomWithShortRounds } from "./short-rounds.mjs";
import { paidInto } from "./site-payees.mjs";

/** The player the crawl reads the player screens as: every kind of money row and a bet of each end. */
async function playerWithEverything(base, smsCode, serverLog) {
  const player = await newPlayer(base, smsCode, { prefix: "cw" });
  const { token } = player;
  const admin = await operatorToken(base, serverLog);
  const asAdmin = (path, body) => call(base, path, { token: admin, ...body });
  // the admins approved the player's deposit: a cashier decides the withdrawals (four eyes, docs/decisions/061)
  const cashier = await operatorToken(base, serverLog, "cashier");
  const asCashier = (path, body) => call(base, path, { token: cashier, ...body });
  const deposit = async (money, pay_name) => {
    const asked = await call(base, "/api/game/recharge", { token, money, pay_name, ...paidInto() });
    assert.equal(asked.code, 1, JSON.stringify(asked));
    return asked.data.id;
  };

  // deposits: 150,000 paid (above the threshold: two operators), 60 rejected, 500 still pending
  await approveDepositTwice(base, serverLog, await deposit("150000", "Crawl Payer"));
  // bets drawn and settled, in a room of the player's own with short rounds (tests/e2e/short-rounds.mjs), placed
  // first so that its round runs while the rest is made: parts of the crawl running side by side wait for nobody
  // else's round, and the crawl waits for this one only as long as the rest takes less than it
  const room = (title, roundSeconds) => roomWithShortRounds({ base, serverLog, title, roundSeconds, closeSeconds: 4 });
  const drawRoom = await room(`Draw ${player.username}`, 12);
  await placeBet(base, token, drawRoom.id, [
    [2, 1.98, 100],
    [3, 1.98, 50],
  ]);
  const refused = await asAdmin("/api/admin/deposits/reject", {
    id: await deposit("60", "Crawl Payer"),
    note: "#noPayment",
  });
  assert.equal(refused.code, 1, JSON.stringify(refused));
  await deposit("500", "Crawl Payer");

  // withdrawals to a bank card: 200 paid with the transfer's id, 120 rejected, 100 still pending
  const card = await call(base, "/api/game/addbankcard", {
    token,
    type: "Bank",
    bank: "Vietcombank",
    // an account number of its own: a bank account belongs to one player, and other flows add theirs
    account: String(Date.now()).slice(-10),
    username: "Nguyen Van A",
    area: "Ha Noi",
    payPwd: player.payPwd,
  });
  assert.equal(card.code, 1, JSON.stringify(card));
  const withdraw = async (money) => {
    const asked = await call(base, "/api/game/withdraw", { token, bank_id: card.data.id, pwd: player.payPwd, money });
    assert.equal(asked.code, 1, JSON.stringify(asked));
    const pending = await asAdmin("/api/admin/withdrawals", { status: "pending", userId: player.id });
    return pending.data.list.find((w) => w.money === Number(money)).id;
  };
  const paid = await asCashier("/api/admin/withdrawals/approve", {
    id: await withdraw("200"),
    payout_ref: "FT26112700042",
  });
  assert.equal(paid.code, 1, JSON.stringify(paid));
  const rejected = await asCashier("/api/admin/withdrawals/reject", {
    id: await withdraw("120"),
    note: "#accountInvalid",
  });
  assert.equal(rejected.code, 1, JSON.stringify(rejected));
  await withdraw("100");

  // a lock-up of 100,000 in the first finance product
  const locked = await call(base, "/api/game/producttransferin", {
    token,
    product_id: 1,
    money: "100000",
    pwd: player.payPwd,
  });
  assert.equal(locked.code, 1, JSON.stringify(locked));

  // credits past what one operator moves alone: one waits for a second operator, one is cancelled by its asker
  const credit = async (money, reason) => {
    const asked = await asAdmin("/api/admin/adjust", { userId: player.id, money, text: "compensation", reason });
    assert.equal(asked.data?.status, "pending", JSON.stringify(asked));
    return asked.data.id;
  };
  await credit("15000", "Goodwill after an outage");
  const cancelled = await asAdmin("/api/admin/adjustments/cancel", { id: await credit("16000", "Asked twice") });
  assert.equal(cancelled.code, 1, JSON.stringify(cancelled));

  // a bet whose round the operator voids (its stake refunded), in a room of the player's own
  const voidRoom = await room(`Void ${player.username}`, 20);
  const voidRound = await placeBet(base, token, voidRoom.id, [[0, 1.98, 20]]);
  const voided = await asAdmin("/api/admin/rounds/void", { roundId: voidRound, reason: "#feedProblem Feed outage" });
  assert.equal(voided.code, 1, JSON.stringify(voided));
  await voidRoom.stop();
  return { ...player, drawRoom };
}

/**
 * A player with the repeated-refusals marker: a 24-hour time-out, then deposits asked for during it, each
 * refused and kept for the markers of harm (worker/protection/refusal.ts). The same player is the crawl's
 * restricted player.
 */
async function playerWithMarker(base, smsCode, serverLog) {
  const player = await newPlayer(base, smsCode, { prefix: "rk" });
  const paused = await call(base, "/api/game/selfexclude", { token: player.token, period: "24h", pwd: player.payPwd });
  assert.equal(paused.code, 1, JSON.stringify(paused));
  const signedIn = await call(base, "/api/index/login", { username: player.username, password: player.password });
  assert.equal(signedIn.code, 1, JSON.stringify(signedIn));
  for (const money of ["100", "200", "300"]) {
    const refused = await call(base, "/api/game/recharge", {
      token: signedIn.data.token,
      money,
      pay_name: "Risk",
      ...paidInto(),
    });
    assert.equal(refused.data?.errCode, 3004, JSON.stringify(refused));
  }
  const admin = await operatorToken(base, serverLog);
  const risk = await call(base, "/api/admin/risk/player", { token: admin, userId: player.id });
  assert.ok(
    risk.data.markers.some((m) => m.key === "repeatedRefusals"),
    `the repeated-refusals marker: ${JSON.stringify(risk)}`,
  );
  return player;
}

/** Makes all of it; answers the two players once the settled round has drawn their bets. */
export async function makeDataOfEveryKind({ base, smsCode, serverLog }) {
  const { drawRoom, ...player } = await playerWithEverything(base, smsCode, serverLog);
  const marked = await playerWithMarker(base, smsCode, serverLog);
  await eventually(
    async () => {
      const records = await call(base, "/api/game/getgamelog2", { token: player.token });
      assert.ok(
        records.data.data.some((bet) => bet.draw !== null),
        "a bet of a settled round",
      );
    },
    // the round bet in, and a next one should the first be missed on a loaded machine
    { timeout: 60_000, interval: 1_000 },
  );
  await drawRoom.stop();
  return { player, marked };
}
