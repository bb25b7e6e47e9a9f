import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import {
  balanceOf,
  closeBetting,
  currentRound,
  finishRound,
  order,
  placeOk,
  playerWith,
  setTrading,
} from "./rooms-helpers";
import { houseCents, playerD1, rowD1, sumEverywhere } from "./shard-helpers";
import { orders, bets as betsTable, ledger as ledgerTable, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/** Counts of everything an order writes: a refused order must leave them all as they were. */
async function writes() {
  return { orders: await count("orders"), bets: await count("bets"), ledger: await count("ledger") };
}

async function expectRefused(
  answer: Awaited<ReturnType<typeof order>>,
  errCode: number,
  before: Awaited<ReturnType<typeof writes>>,
) {
  expectError(answer, errCode);
  expect(await writes()).toEqual(before);
}

describe("placing an order", () => {
  it("writes the order, its bets and the debit together and answers the balance", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(1);
    const placed = await placeOk(player.token, 1, [
      [0, 1.98, 30],
      [4, 4.2, 20],
    ]);
    expect(placed.money).toBe(950);
    expect(placed.ordersn).toMatch(/^\d{19}$/);
    const orderRow = await rowD1(placed.order_id)
      .prepare(`SELECT user_id, room_id, round_id, total_cents, status FROM ${quotedTable(orders)} WHERE id = ?`)
      .bind(placed.order_id)
      .first();
    expect(orderRow).toEqual({
      user_id: player.userId,
      room_id: 1,
      round_id: round.roundId,
      total_cents: 5_000,
      status: "placed",
    });
    const bets = await rowD1(placed.order_id)
      .prepare(
        `SELECT option_index, odds_milli, stake_cents, isaward FROM ${quotedTable(betsTable)} WHERE order_id = ? ORDER BY id`,
      )
      .bind(placed.order_id)
      .all();
    expect(bets.results).toEqual([
      { option_index: 0, odds_milli: 1980, stake_cents: 3_000, isaward: -1 },
      { option_index: 4, odds_milli: 4200, stake_cents: 2_000, isaward: -1 },
    ]);
    const ledger = await (
      await playerD1(player.userId)
    )
      .prepare(
        `SELECT amount_cents, before_cents, after_cents, type, ref FROM ${quotedTable(ledgerTable)} WHERE user_id = ? AND type = 'bet'`,
      )
      .bind(player.userId)
      .all();
    expect(ledger.results).toEqual([
      { amount_cents: -5_000, before_cents: 100_000, after_cents: 95_000, type: "bet", ref: placed.ordersn },
    ]);
    expect(await balanceOf(player.userId)).toBe(95_000);
    await expectMoneyInvariants();
  });

  it("writes only the player's rows: the house's side is booked once per round and kind at settlement", async () => {
    await finishRound(1);
    const round = await currentRound(1);
    const players = [await playerWith(100_000), await playerWith(100_000)];
    const house = houseCents;
    const houseBefore = await house();
    const houseRows = await count("ledger", "user_id = 1");
    for (const player of players) {
      await placeOk(player.token, 1, [
        [0, 1.98, 30],
        [1, 1.98, 30],
      ]);
      await placeOk(player.token, 1, [[2, 1.98, 20]]);
    }
    const cancelled = await placeOk(players[0].token, 1, [[3, 1.98, 40]]);
    expectOk(
      await api("/api/Game/getGamecancel", { token: players[0].token, roomid: 1, order_id: cancelled.order_id }),
    );
    // Bets and a cancellation moved no house money and wrote no house row; the books balance through
    // the stakes in play (expectMoneyInvariants).
    expect(await house()).toBe(houseBefore);
    expect(await count("ledger", "user_id = 1")).toBe(houseRows);
    await expectMoneyInvariants();
    await finishRound(1);
    // The house's side is booked once per round and kind in each shard that holds bets of the round
    // (docs/decisions/161): each player staked 8,000 (the cancelled order is not in play).
    const staked = new Map<D1Database, number>();
    for (const player of players) {
      const d1 = await playerD1(player.userId);
      staked.set(d1, (staked.get(d1) ?? 0) + 8_000);
    }
    for (const [d1, stakes] of staked) {
      const rows = (
        await d1
          .prepare(
            `SELECT type, amount_cents, idempotency_key FROM ${quotedTable(ledgerTable)} WHERE user_id = 1 AND ref = ?`,
          )
          .bind(`round:${round.roundId}`)
          .all<{ type: string; amount_cents: number; idempotency_key: string }>()
      ).results;
      expect(rows.find((r) => r.type === "bet")).toEqual({
        type: "bet",
        amount_cents: stakes,
        idempotency_key: `stakes:${round.roundId}:house`,
      });
      expect(rows.filter((r) => r.type === "bet")).toHaveLength(1);
      expect(rows.filter((r) => r.type === "earn").length).toBeLessThanOrEqual(1);
    }
    const paid = await sumEverywhere(
      `SELECT COALESCE(SUM(award_cents), 0) AS n FROM ${quotedTable(betsTable)} WHERE round_id = ? AND isaward IN (1, 2)`,
      round.roundId,
    );
    expect(await house()).toBe(houseBefore + 16_000 - paid);
    await expectMoneyInvariants();
  });

  it("accepts order_info as a JSON string and odds and amounts as numeric strings", async () => {
    const player = await playerWith(10_000);
    const answer = await order(player.token, 16, JSON.stringify([["1", "1.980", "25"]]));
    expectOk(answer);
    expect(answer.data.money).toBe(75);
    await expectMoneyInvariants();
  });

  it("refuses every broken rule with its code and writes nothing", async () => {
    const player = await playerWith(5_000);
    const round = await currentRound(1);
    const before = await writes();
    const send = (body: Record<string, unknown>) =>
      api("/api/Game/order", { token: player.token, roomid: 1, gameid: round.roundId, ...body });
    expectError(
      await api("/api/Game/order", { roomid: 1, gameid: round.roundId, order_info: [[0, 1.98, 20]] }),
      1062,
      409,
    );
    await expectRefused(await send({ roomid: "", order_info: [[0, 1.98, 20]] }), 1026, before);
    await expectRefused(await send({ roomid: 999, order_info: [[0, 1.98, 20]] }), 1057, before);
    await expectRefused(await send({ gameid: undefined, order_info: [[0, 1.98, 20]] }), 1027, before);
    await expectRefused(await send({ order_info: [] }), 1030, before);
    await expectRefused(await send({ order_info: undefined }), 1030, before);
    await expectRefused(await send({ order_info: "not json" }), 1031, before);
    await expectRefused(await send({ order_info: [[0, 1.98]] }), 1031, before);
    await expectRefused(await send({ order_info: [[11, 1.98, 20]] }), 1031, before); // room 1 has options 0-10
    await expectRefused(await send({ order_info: [[-1, 1.98, 20]] }), 1031, before);
    await expectRefused(
      await send({
        order_info: [
          [0, 1.98, 20],
          [0, 1.98, 20],
        ],
      }),
      1031,
      before,
    );
    await expectRefused(await send({ order_info: [[0, 1.97, 20]] }), 1031, before); // stale odds
    await expectRefused(await send({ order_info: [[0, "x", 20]] }), 1031, before);
    await expectRefused(await send({ order_info: [[0, 1.98, 0]] }), 1042, before);
    await expectRefused(await send({ order_info: [[0, 1.98, -20]] }), 1042, before);
    await expectRefused(await send({ order_info: [[0, 1.98, 20.5]] }), 1050, before);
    await expectRefused(await send({ order_info: [[0, 1.98, "abc"]] }), 1050, before);
    const tooSmall = await send({ order_info: [[0, 1.98, 19]] });
    await expectRefused(tooSmall, 1024, before);
    expect(tooSmall.data.num).toBe(20);
    expect(tooSmall.info).toContain("20");
    await expectRefused(await send({ order_info: [[0, 1.98, 51]] }), 1025, before);
    await expectRefused(await send({ order_info: [[0, 1.98, 1e15]] }), 1025, before);
    await expectRefused(await send({ gameid: round.roundId + 1000, order_info: [[0, 1.98, 20]] }), 1029, before);
    await expectRefused(await send({ roomid: 4, order_info: [[0, 1.98, 20]] }), 1029, before); // the round of another room
    // Room 16 offers four options only.
    await expectRefused(
      await api("/api/Game/order", {
        token: player.token,
        roomid: 16,
        gameid: (await currentRound(16)).roundId,
        order_info: [[4, 4.2, 20]],
      }),
      1031,
      before,
    );
    await expectMoneyInvariants();
  });

  it("takes 9 options, refuses 10, and counts options x amount against minbuy", async () => {
    const player = await playerWith(100_000);
    const nine = Array.from({ length: 9 }, (_, i) => [i, 1.98, 10]);
    const before = await writes();
    await expectRefused(await order(player.token, 4, [...nine, [9, 1.98, 10]]), 1031, before);
    expectOk(await order(player.token, 4, nine));
    expectOk(
      await order(player.token, 4, [
        [20, 1.98, 10],
        [21, 1.98, 10],
      ]),
    ); // 2 x 10 = minbuy 20
    expect(await balanceOf(player.userId)).toBe(100_000 - 9_000 - 2_000);
    await expectMoneyInvariants();
  });

  it("lets a balance be spent to the last cent", async () => {
    const player = await playerWith(2_000);
    expect((await placeOk(player.token, 1, [[2, 1.98, 20]])).money).toBe(0);
    await expectMoneyInvariants();
  });

  it("refuses a round whose betting has closed (1029) and a stopped room (1020)", async () => {
    const player = await playerWith(10_000);
    await closeBetting(15);
    const before = await writes();
    await expectRefused(await order(player.token, 15, [[0, 1.98, 20]]), 1029, before);
    await finishRound(15);
    expectOk(await order(player.token, 15, [[0, 1.98, 20]]));
    await setTrading(15, false);
    const stopped = await writes();
    await expectRefused(await order(player.token, 15, [[0, 1.98, 20]]), 1020, stopped);
    await setTrading(15, true);
    await expectMoneyInvariants();
  });

  it("refuses a room above the player's VIP level (2055)", async () => {
    const player = await playerWith(500_000);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET level = 2 WHERE id = ?`)
      .bind(player.userId)
      .run();
    const vipRound = await currentRound(2); // Classic 28, VIP room: level 2
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET level = 1 WHERE id = ?`)
      .bind(player.userId)
      .run();
    const before = await writes();
    await expectRefused(
      await api("/api/Game/order", {
        token: player.token,
        roomid: 2,
        gameid: vipRound.roundId,
        order_info: [[0, 1.98, 20]],
      }),
      2055,
      before,
    );
  });

  it("lets exactly the affordable ones of concurrent orders land (one room and across rooms)", async () => {
    const player = await playerWith(10_000); // 100.00: five orders of 20
    await Promise.all([currentRound(1), currentRound(15)]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order(player.token, i % 2 === 0 ? 1 : 15, [[i % 4, 1.98, 20]])),
    );
    const landed = answers.filter((a) => a.code === 1);
    expect(landed).toHaveLength(5);
    for (const refused of answers.filter((a) => a.code !== 1)) expectError(refused, 1025);
    expect(await balanceOf(player.userId)).toBe(0);
    expect(await count("orders", "user_id = ?", player.userId)).toBe(5);
    expect(await count("ledger", "user_id = ? AND type = 'bet'", player.userId)).toBe(5);
    await expectMoneyInvariants();
  });
});

describe("cancelling an order", () => {
  it("gives the stake back, marks the bets cancelled and takes them off the live table", async () => {
    const player = await playerWith(10_000);
    const placed = await placeOk(player.token, 1, [
      [0, 1.98, 20],
      [1, 1.98, 20],
    ]);
    const answer = await api("/api/Game/getGamecancel", { token: player.token, roomid: 1, order_id: placed.order_id });
    expectOk(answer);
    expect(answer.data.money).toBe(100);
    expect(await balanceOf(player.userId)).toBe(10_000);
    const bets = await rowD1(placed.order_id)
      .prepare(`SELECT DISTINCT isaward FROM ${quotedTable(betsTable)} WHERE order_id = ?`)
      .bind(placed.order_id)
      .all();
    expect(bets.results).toEqual([{ isaward: 3 }]);
    const refund = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT amount_cents, type FROM ${quotedTable(ledgerTable)} WHERE user_id = ? AND type = 'redo'`)
      .bind(player.userId)
      .all();
    expect(refund.results).toEqual([{ amount_cents: 4_000, type: "redo" }]);
    const live = await api("/api/Game/getVorder", { token: player.token, roomid: 1, isfirst: 1 });
    expect(live.data.list.filter((row: { orderId: number }) => row.orderId === placed.order_id)).toEqual([]);
    expectError(
      await api("/api/Game/getGamecancel", { token: player.token, roomid: 1, order_id: placed.order_id }),
      2003,
    );
    expect(await balanceOf(player.userId)).toBe(10_000);
    await expectMoneyInvariants();
  });

  it("refunds once when the same order is cancelled twice at the same moment", async () => {
    const player = await playerWith(10_000);
    const placed = await placeOk(player.token, 1, [[3, 1.98, 50]]);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api("/api/Game/getGamecancel", { token: player.token, roomid: 1, order_id: placed.order_id }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 1)) expectError(refused, 2003);
    expect(await balanceOf(player.userId)).toBe(10_000);
    await expectMoneyInvariants();
  });

  it("refuses another player's order, unknown ids and the wrong room with 1041", async () => {
    const owner = await playerWith(10_000);
    const other = await playerWith(10_000);
    const placed = await placeOk(owner.token, 1, [[0, 1.98, 20]]);
    const before = await writes();
    const cancel = (token: string, body: Record<string, unknown>) => api("/api/Game/getGamecancel", { token, ...body });
    await expectRefused(await cancel(other.token, { roomid: 1, order_id: placed.order_id }), 1041, before);
    await expectRefused(await cancel(owner.token, { roomid: 1, order_id: 99_999_999 }), 1041, before);
    await expectRefused(await cancel(owner.token, { roomid: 1 }), 1041, before);
    await expectRefused(await cancel(owner.token, { roomid: 15, order_id: placed.order_id }), 1041, before);
    await expectRefused(await cancel(owner.token, { order_id: placed.order_id }), 1026, before);
    expect(await balanceOf(owner.userId)).toBe(8_000);
  });

  it("is refused once betting has closed (1029)", async () => {
    const player = await playerWith(10_000);
    const placed = await placeOk(player.token, 16, [[0, 1.98, 20]]);
    await closeBetting(16);
    const before = await writes();
    await expectRefused(
      await api("/api/Game/getGamecancel", { token: player.token, roomid: 16, order_id: placed.order_id }),
      1029,
      before,
    );
    await finishRound(16);
    const settled = await writes();
    await expectRefused(
      await api("/api/Game/getGamecancel", { token: player.token, roomid: 16, order_id: placed.order_id }),
      1029,
      settled,
    );
    await expectMoneyInvariants();
  });
});

describe("the live bet list", () => {
  it("lists the round's real bets, masks names, marks the player's own, and polls incrementally", async () => {
    await finishRound(9);
    const me = await playerWith(10_000);
    const other = await playerWith(10_000);
    const round = await currentRound(9);
    await placeOk(other.token, 9, [[0, 1.98, 20]]);
    const mine = await placeOk(me.token, 9, [
      [1, 1.98, 30],
      [2, 1.9, 30],
    ]);
    const first = await api("/api/Game/getVorder", {
      token: me.token,
      roomid: 9,
      isfirst: 1,
      order_id: 0,
      gameseq: round.seqno,
      gametype: 3,
    });
    expectOk(first);
    expect(first.data.seqno).toBe(round.seqno);
    expect(first.data.list).toHaveLength(3);
    const [theirs, myFirst, mySecond] = first.data.list;
    expect(theirs).toMatchObject({ value: 0, valuecn: "big", rate: 1.98, money: 20, seqno: round.seqno, mine: false });
    expect(theirs.username).toBe(`${other.username.slice(0, 2)}***${other.username.slice(-1)}`);
    expect(myFirst).toMatchObject({ orderId: mine.order_id, value: 1, valuecn: "small", money: 30, mine: true });
    expect(mySecond).toMatchObject({ value: 2, rate: 1.9, mine: true });
    expect(first.data.order_id).toBe(mySecond.id);
    const nothingNew = await api("/api/Game/getVorder", {
      token: me.token,
      roomid: 9,
      isfirst: 0,
      order_id: first.data.order_id,
      gameseq: round.seqno,
    });
    expect(nothingNew.data.list).toEqual([]);
    expect(nothingNew.data.order_id).toBe(first.data.order_id);
    await placeOk(other.token, 9, [[3, 1.98, 25]]);
    const next = await api("/api/Game/getVorder", {
      token: me.token,
      roomid: 9,
      isfirst: 0,
      order_id: first.data.order_id,
      gameseq: round.seqno,
    });
    expect(next.data.list.map((r: { value: number }) => r.value)).toEqual([3]);
    // After the draw, the new round starts empty.
    await finishRound(9);
    const fresh = await api("/api/Game/getVorder", {
      token: me.token,
      roomid: 9,
      isfirst: 0,
      order_id: next.data.order_id,
      gameseq: round.seqno,
    });
    expect(fresh.data).toMatchObject({ list: [], seqno: round.seqno + 1 });
    expectError(await api("/api/Game/getVorder", { token: me.token, roomid: 999 }), 1057);
    await expectMoneyInvariants();
  });
});
