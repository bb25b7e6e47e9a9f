import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { finishRound, order, placeOk, playerWith } from "./rooms-helpers";
import { formatDate } from "#shared/days";
import { playerD1, sumEverywhere } from "./shard-helpers";
import { paidInto } from "./wallet-helpers";
import { bets } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const ROOM = 1;

async function roomOdds(token: string, roomId: number): Promise<number[]> {
  return (await api("/api/admin/rooms/get", { token, id: roomId })).data.options.map((o: { odds: number }) => o.odds);
}

describe("rounds and totals", () => {
  it("show each settled round with commitment, seed, result, bets, turnover, payouts and house result", async () => {
    const op = await operatorLogin();
    const odds = await roomOdds(op, ROOM);
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [
      [0, odds[0], 15],
      [1, odds[1], 15],
    ]);
    const settled = await finishRound(ROOM);
    const rounds = await api("/api/admin/rounds", { token: op, roomId: ROOM });
    expectOk(rounds);
    const row = rounds.data.list.find((r: { id: number }) => r.id === settled.id);
    const payouts = {
      p: await sumEverywhere(`SELECT SUM(award_cents) AS n FROM ${quotedTable(bets)} WHERE round_id = ?`, settled.id),
    };
    expect(row).toMatchObject({
      seqno: settled.seqno,
      commit: settled.commit,
      seed: settled.seed,
      status: "settled",
      bets: 2,
      turnover: 30,
      payouts: payouts!.p / 100,
    });
    expect(row.house).toBeCloseTo(30 - payouts!.p / 100, 2);
    expect(row.numbers).toEqual(JSON.parse(settled.numbers));
    // the round now open shows its commitment only, never its seed
    expect(rounds.data.list[0]).toMatchObject({ status: "open", seed: null });
    await expectMoneyInvariants();
  });

  it("count today's turnover, payouts, deposits, withdrawals and active players from the books", async () => {
    const op = await operatorLogin();
    const today = async () => {
      const answer = await api("/api/admin/totals", { token: op });
      expectOk(answer);
      expect(answer.data.days).toHaveLength(14);
      expect(answer.data.days[0].day).toBe(formatDate(Date.now()));
      return answer.data.days[0];
    };
    await finishRound(ROOM);
    const before = await today();
    const player = await playerWith(100_000);
    const odds = await roomOdds(op, ROOM);
    await placeOk(player.token, ROOM, [[2, odds[2], 30]]);
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: player.token,
      money: "250",
      pay_name: "Le Van C",
    });
    expectOk(deposit);
    const pending = await api("/api/admin/deposits", { token: op });
    expectOk(await api("/api/admin/deposits/approve", { token: op, id: pending.data.list.at(-1).id }));
    // The stake awaits its draw: in play, not yet turnover nor house winnings.
    const placed = await today();
    expect(placed.inPlay - before.inPlay).toBeCloseTo(30, 2);
    expect(placed.turnover).toBeCloseTo(before.turnover, 2);
    expect(placed.house).toBeCloseTo(before.house, 2);
    expect(placed.deposits - before.deposits).toBeCloseTo(250, 2);
    const settled = await finishRound(ROOM);
    const won = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT COALESCE(SUM(award_cents), 0) AS p FROM ${quotedTable(bets)} WHERE round_id = ? AND user_id = ?`)
      .bind(settled.id, player.userId)
      .first<{ p: number }>();
    const after = await today();
    expect(after.inPlay).toBeCloseTo(before.inPlay, 2);
    expect(after.turnover - before.turnover).toBeCloseTo(30, 2);
    expect(after.payouts - before.payouts).toBeCloseTo(won!.p / 100, 2);
    expect(after.house - before.house).toBeCloseTo(30 - won!.p / 100, 2);
    expect(after.activePlayers - before.activePlayers).toBe(1);
    expect(after.house).toBeCloseTo(after.turnover - after.payouts, 2);
    await expectMoneyInvariants();
  });

  it("count no house result for a round still open: its stakes are shown in play", async () => {
    const op = await operatorLogin();
    const odds = await roomOdds(op, ROOM);
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [[0, odds[0], 40]]);
    const rounds = await api("/api/admin/rounds", { token: op, roomId: ROOM });
    expectOk(rounds);
    const open = rounds.data.list[0];
    expect(open.status).toBe("open");
    expect(open).toMatchObject({ house: null, turnover: 0, payouts: 0 });
    expect(open.inPlay).toBeGreaterThanOrEqual(40);
    await finishRound(ROOM);
    await expectMoneyInvariants();
  });
});

describe("odds changed by an operator", () => {
  it("are the odds of the room's next round: bets there are checked against them", async () => {
    const op = await operatorLogin();
    const room = (await api("/api/admin/rooms/get", { token: op, id: 9 })).data;
    const old = room.options[0].odds;
    const rates = room.options.map((o: { odds: number }) => String(o.odds));
    rates[0] = "1.5";
    expectOk(
      await api("/api/admin/rooms/update", {
        token: op,
        id: 9,
        title: room.title,
        kind: room.kind,
        minjoin: room.minjoin,
        minbuy: room.minbuy,
        minLevel: room.minLevel,
        roundSeconds: "",
        closeSeconds: "",
        trading: "1",
        rates,
      }),
    );
    await finishRound(9);
    const player = await playerWith(100_000);
    expectError(await order(player.token, 9, [[0, old, 50]]), 1031);
    await placeOk(player.token, 9, [[0, 1.5, 50]]);
    const bet = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT odds_milli FROM ${quotedTable(bets)} WHERE user_id = ?`)
      .bind(player.userId)
      .first<{ odds_milli: number }>();
    expect(bet!.odds_milli).toBe(1500);
  });
});
