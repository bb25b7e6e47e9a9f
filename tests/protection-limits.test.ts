import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { balanceOf, currentRound, finishRound, order, placeOk, playerWith } from "./rooms-helpers";
import { PAY_PASSWORD, player as walletPlayer, requestId, paidInto } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { bets, playLimits, depositRequests, selfExclusions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// docs/product.md#player-protection: deposit, loss and stake limits over rolling windows, enforced inside the batch that writes.

const DAY = 86_400_000;

async function setLimit(token: string, kind: string, period: string, money: number | string) {
  const answer = await api("/api/Game/setlimit", { token, kind, period, money });
  expectOk(answer);
  return answer.data.limits as {
    kind: string;
    period: string;
    money: number | null;
    pending: { money: number | null; at: number } | null;
    used: number;
  }[];
}

const limitOf = (limits: Awaited<ReturnType<typeof setLimit>>, kind: string, period: string) =>
  limits.find((l) => l.kind === kind && l.period === period)!;

/** Everything an order or deposit writes: a refusal leaves it all as it was. */
async function writes(userId: number) {
  return {
    orders: await count("orders", "user_id = ?", userId),
    bets: await count("bets", "user_id = ?", userId),
    ledger: await count("ledger"),
    deposits: await count("deposit_requests", "user_id = ?", userId),
    money: await balanceOf(userId),
  };
}

/** Moves a player's past bets back in time, as if placed `ms` ago. */
async function ageBets(userId: number, ms: number) {
  await (
    await playerD1(userId)
  )
    .prepare(`UPDATE ${quotedTable(bets)} SET created_at_ms = created_at_ms - ? WHERE user_id = ?`)
    .bind(ms, userId)
    .run();
}

describe("limits: setting and changing", () => {
  it("applies a first limit and a lowering at once, a raise or removal after 24 hours", async () => {
    const player = await playerWith(0);
    let limits = await setLimit(player.token, "loss", "day", 100);
    expect(limitOf(limits, "loss", "day")).toMatchObject({ money: 100, pending: null, used: 0 });
    limits = await setLimit(player.token, "loss", "day", 50);
    expect(limitOf(limits, "loss", "day")).toMatchObject({ money: 50, pending: null });
    const before = Date.now();
    limits = await setLimit(player.token, "loss", "day", 500);
    const raised = limitOf(limits, "loss", "day");
    expect(raised.money).toBe(50);
    expect(raised.pending!.money).toBe(500);
    expect(raised.pending!.at).toBeGreaterThanOrEqual(before + DAY);
    limits = await setLimit(player.token, "loss", "day", 0);
    expect(limitOf(limits, "loss", "day")).toMatchObject({ money: 50, pending: { money: null } });
    // the pending removal matures 24 h later
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(playLimits)} SET pending_at_ms = ? WHERE user_id = ? AND kind = 'loss'`)
      .bind(Date.now() - 1, player.userId)
      .run();
    const view = await api("/api/Game/getprotection", { token: player.token });
    expect(limitOf(view.data.limits, "loss", "day")).toMatchObject({ money: null, pending: null });
  });

  it("refuses unknown kinds, periods and amounts with 1001 / 1050 and changes nothing", async () => {
    const player = await playerWith(0);
    expectError(
      await api("/api/Game/setlimit", { token: player.token, kind: "bonus", period: "day", money: 10 }),
      1001,
    );
    expectError(
      await api("/api/Game/setlimit", { token: player.token, kind: "loss", period: "year", money: 10 }),
      1001,
    );
    expectError(
      await api("/api/Game/setlimit", { token: player.token, kind: "loss", period: "day", money: "-5" }),
      1050,
    );
    expectError(await api("/api/Game/setlimit", { kind: "loss", period: "day", money: 5 }), 1062, 409);
    expect(await count("play_limits", "user_id = ?", player.userId)).toBe(0);
  });

  it("never lets a raise read before a lowering undo it when both arrive together", async () => {
    const player = await playerWith(0);
    await setLimit(player.token, "stake", "week", 100);
    await Promise.all([
      api("/api/Game/setlimit", { token: player.token, kind: "stake", period: "week", money: 1000 }),
      api("/api/Game/setlimit", { token: player.token, kind: "stake", period: "week", money: 40 }),
      api("/api/Game/setlimit", { token: player.token, kind: "stake", period: "week", money: 2000 }),
    ]);
    const view = await api("/api/Game/getprotection", { token: player.token });
    expect(limitOf(view.data.limits, "stake", "week").money).toBe(40);
  });
});

describe("limits: enforcement on bets", () => {
  it("refuses a bet past the loss limit (3002), counting stakes minus awards, and writes nothing", async () => {
    const player = await playerWith(100_000);
    await setLimit(player.token, "loss", "day", 50);
    await placeOk(player.token, 1, [[0, 1.98, 30]]);
    const before = await writes(player.userId);
    const refused = await order(player.token, 1, [[1, 1.98, 21]]);
    expectError(refused, 3002);
    expect(await writes(player.userId)).toEqual(before);
    await placeOk(player.token, 1, [[1, 1.98, 20]]); // exactly at the limit
    await expectMoneyInvariants();
  });

  it("counts a cancelled bet not at all and an award against the loss", async () => {
    const player = await playerWith(100_000);
    await setLimit(player.token, "loss", "day", 40);
    const placed = await placeOk(player.token, 16, [
      [0, 1.98, 20],
      [1, 1.98, 20],
    ]); // one of big/small always wins
    expectError(await order(player.token, 16, [[2, 1.98, 20]]), 3002);
    expectOk(await api("/api/Game/getGamecancel", { token: player.token, roomid: 16, order_id: placed.order_id }));
    await placeOk(player.token, 16, [
      [0, 1.98, 20],
      [1, 1.98, 20],
    ]);
    await finishRound(16);
    // stakes 40, award 39.60: loss 0.40, so 39.60 more may be risked (whole amounts: 39)
    await currentRound(16);
    expectError(await order(player.token, 16, [[0, 1.98, 40]]), 3002);
    await placeOk(player.token, 16, [[0, 1.98, 39]]);
    await expectMoneyInvariants();
  });

  it("refuses a bet past the stake limit (3003) in every period, the lowest winning", async () => {
    for (const period of ["day", "week", "month"]) {
      const player = await playerWith(100_000);
      await setLimit(player.token, "stake", "month", 300);
      await setLimit(player.token, "stake", period, 100);
      await placeOk(player.token, 1, [[0, 1.98, 100]]);
      expectError(await order(player.token, 1, [[0, 1.98, 20]]), 3003);
      await expectMoneyInvariants();
    }
  });

  it("rolls the window: bets older than the period stop counting", async () => {
    const player = await playerWith(100_000);
    await setLimit(player.token, "stake", "day", 100);
    await setLimit(player.token, "stake", "week", 250);
    await placeOk(player.token, 1, [[0, 1.98, 100]]);
    expectError(await order(player.token, 1, [[0, 1.98, 20]]), 3003);
    await ageBets(player.userId, DAY + 1_000);
    await placeOk(player.token, 1, [[0, 1.98, 100]]); // a new day; the week holds 200
    await ageBets(player.userId, DAY + 1_000);
    expectError(await order(player.token, 1, [[0, 1.98, 60]]), 3003); // 250 - 200 = 50 left this week
    await placeOk(player.token, 1, [[0, 1.98, 50]]);
    await expectMoneyInvariants();
  });

  it("lets concurrent orders across rooms land only up to the limit", async () => {
    const player = await playerWith(1_000_000);
    await setLimit(player.token, "loss", "day", 100); // five orders of 20
    await Promise.all([currentRound(1), currentRound(15), currentRound(16)]);
    const rooms = [1, 15, 16];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order(player.token, rooms[i % 3], [[i % 4, 1.98, 20]])),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(5);
    for (const refused of answers.filter((a) => a.code !== 1)) expectError(refused, 3002);
    const staked = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT SUM(stake_cents) AS s FROM ${quotedTable(bets)} WHERE user_id = ?`)
      .bind(player.userId)
      .first<{ s: number }>();
    expect(staked!.s).toBe(10_000);
    expect(await count("orders", "user_id = ?", player.userId)).toBe(5);
    expect(await count("ledger", "user_id = ? AND type = 'bet'", player.userId)).toBe(5);
    expect(await balanceOf(player.userId)).toBe(990_000);
    await expectMoneyInvariants();
  });
});

describe("limits: enforcement on deposits", () => {
  const recharge = async (token: string, money: number) =>
    api("/api/Game/recharge", {
      ...(await paidInto()),
      token,
      money,
      pay_name: "Le Van C",
      request_id: crypto.randomUUID(),
    });

  it("refuses a deposit request past the deposit limit (3001); a rejected request stops counting", async () => {
    const player = await playerWith(0);
    await setLimit(player.token, "deposit", "week", 100);
    expectOk(await recharge(player.token, 60));
    const before = await writes(player.userId);
    expectError(await recharge(player.token, 50), 3001);
    expect(await writes(player.userId)).toEqual(before);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(depositRequests)} SET status = 'rejected' WHERE user_id = ?`)
      .bind(player.userId)
      .run();
    expectOk(await recharge(player.token, 100));
  });

  it("lets concurrent deposit requests pass only up to the limit", async () => {
    const player = await playerWith(0);
    await setLimit(player.token, "deposit", "day", 100);
    const answers = await Promise.all(Array.from({ length: 8 }, () => recharge(player.token, 30)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.code !== 1)) expectError(refused, 3001);
    expect(await count("deposit_requests", "user_id = ?", player.userId)).toBe(3);
  });
});

describe("limits: a finance transfer-in is not a wager", () => {
  it("locks funds past stake and loss limits, which then still leave every bet its full room", async () => {
    const p = await walletPlayer(400_000);
    const transfer = (money: string) =>
      api("/api/Game/producttransferin", {
        token: p.token,
        product_id: 1,
        money,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      });
    await setLimit(p.token, "stake", "day", 100);
    await setLimit(p.token, "loss", "day", 100);
    expectOk(await transfer("150000"));
    expectOk(await transfer("150000"));
    const limits = (await api("/api/Game/getprotection", { token: p.token })).data.limits;
    expect(limitOf(limits, "stake", "day").used).toBe(0);
    expect(limitOf(limits, "loss", "day").used).toBe(0);
    await expectMoneyInvariants();
  });

  it("is still refused by a running time-out (3004), writing nothing", async () => {
    const p = await walletPlayer(400_000);
    const before = await writes(p.id);
    await (
      await playerD1(p.id)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.id, Date.now() - 1000, Date.now() + DAY)
      .run();
    const answer = await api("/api/Game/producttransferin", {
      token: p.token,
      product_id: 1,
      money: "100000",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    });
    expectError(answer, 3004);
    expect(await writes(p.id)).toEqual(before);
    expect(await count("finance_orders", "user_id = ?", p.id)).toBe(0);
  });
});
