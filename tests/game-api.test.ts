import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk, login } from "./helpers";
import { currentRound, finishRound, placeOk, playerWith } from "./rooms-helpers";
import { verifyRound } from "#shared/games/fairness";
import { DAY_MS } from "#shared/days";
import { playerD1 } from "./shard-helpers";
import { users, rooms, bets } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const roundResultKeys = [
  "beacon",
  "closeAt",
  "commit",
  "drawAt",
  "id",
  "num1",
  "num2",
  "num3",
  "numbers",
  "resultKeys",
  "resultcn",
  "seed",
  "seqno",
  "status",
  "sum",
  "voidPreset",
  "voidReason",
];

describe("games and rooms", () => {
  it("getGameList lists the 16 titles with their USDT room's entry figure, to anyone", async () => {
    const answer = await api("/api/Game/getGameList", {});
    expectOk(answer);
    expect(answer.data.list).toHaveLength(16);
    expect(answer.data.list[0]).toEqual({
      id: 1,
      title: "Lucky 28",
      titleKey: "lucky28",
      type: 1,
      image: "/tiles/lucky28.svg",
      minjoin: 0,
    });
    expect(answer.data.list.find((g: { id: number }) => g.id === 2).minjoin).toBe(1000);
  });

  it("getRoomList gives a currency tab's rooms to players", async () => {
    expectError(await api("/api/Game/getRoomList", { roomtype: 1 }), 1062, 409);
    const token = await login("demo01", "demo1234");
    const usdt = await api("/api/Game/getRoomList", { token, roomtype: 1 });
    expectOk(usdt);
    expect(usdt.data.list).toHaveLength(16);
    expect(usdt.data.list[0]).toEqual({
      id: 1,
      gameId: 1,
      title: "Lucky 28 · USDT",
      titleKey: "lucky28",
      kind: "standard",
      type: 1,
      minjoin: 0,
      minbuy: 20,
      minLevel: 1,
      trading: 1,
    });
    const btc = await api("/api/Game/getRoomList", { token, roomtype: "2" });
    expect(btc.data.list.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => 17 + i),
    );
    expectError(await api("/api/Game/getRoomList", { token, roomtype: 4 }), 1001);
    expectError(await api("/api/Game/getRoomList", { token }), 1001);
  });

  it("getGameinfo answers the room, its options and odds, the round in play and the latest results", async () => {
    const player = await playerWith(123_456);
    await finishRound(1);
    await finishRound(1);
    const answer = await api("/api/Game/getGameinfo", { token: player.token, roomid: 1 });
    expectOk(answer);
    const { room, options, game, diff, closeSeconds, his } = answer.data;
    expect(room).toMatchObject({
      id: 1,
      gameId: 1,
      type: 1,
      kind: "standard",
      minbuy: 20,
      minjoin: 0,
      optionCount: 11,
      trading: 1,
      rate0: 1.98,
      rate4: 4.2,
      rate10: 95,
    });
    expect(room.rate11).toBeUndefined();
    expect(options).toHaveLength(11);
    expect(options[8]).toEqual({ index: 8, key: "extreme_big", odds: 17 });
    const round = await currentRound(1);
    expect(game).toEqual({
      id: round.roundId,
      seqno: round.seqno,
      gametype: 1,
      initmoney: 1234.56,
      commit: round.commit,
      openAt: round.openAtMs,
      closeAt: round.closeAtMs,
      drawAt: round.drawAtMs,
      status: "open",
      beacon: null,
    });
    expect(diff.minute * 60 + diff.second).toBeGreaterThan(170);
    expect(diff.minute * 60 + diff.second).toBeLessThanOrEqual(180);
    expect(closeSeconds).toBe(60);
    expect(his.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(his[0]).sort()).toEqual(roundResultKeys);
    expect(his[0].seqno).toBe(round.seqno - 1);
    expect(his[0].seqno).toBeGreaterThan(his[1].seqno);
    expect(his[0].numbers).toEqual([his[0].num1, his[0].num2, his[0].num3]);
    expect(his[0].sum).toBe(his[0].num1 + his[0].num2 + his[0].num3);
    expect(his[0].resultKeys).toContain(his[0].sum >= 14 ? "big" : "small");
    expect(his[0].resultcn).toContain(his[0].sum >= 14 ? "大" : "小");

    const four = await api("/api/Game/getGameinfo", { token: player.token, roomid: 16 });
    expect(four.data.room).toMatchObject({ optionCount: 4, rate3: 1.98 });
    expect(four.data.room.rate4).toBeUndefined();
    expect(four.data.options.map((o: { key: string }) => o.key)).toEqual(["big", "small", "odd", "even"]);
    const racing = await api("/api/Game/getGameinfo", { token: player.token, roomid: 4 });
    expect(racing.data.options).toHaveLength(40);
    expect(racing.data.options[10]).toEqual({ index: 10, key: "rank3_odd", odds: 1.98 });
  });

  it("getGameinfo refuses a missing or unknown room, a stopped room, too small a balance and too low a level", async () => {
    const poor = await playerWith(50_000); // 500.00, level 1
    expectError(await api("/api/Game/getGameinfo", { token: poor.token }), 1026);
    expectError(await api("/api/Game/getGameinfo", { token: poor.token, roomid: 999 }), 1057);
    expectError(await api("/api/Game/getGameinfo", { token: poor.token, roomid: 2 }), 2055); // VIP room: level 2
    await (
      await playerD1(poor.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET level = 2 WHERE id = ?`)
      .bind(poor.userId)
      .run();
    const tooPoor = await api("/api/Game/getGameinfo", { token: poor.token, roomid: 2, lang: "chs" });
    expectError(tooPoor, 2004);
    expect(tooPoor.data.num).toBe(1000);
    expect(tooPoor.info).toContain("1000");
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 0 WHERE id = 3`).run();
    expectError(await api("/api/Game/getGameinfo", { token: poor.token, roomid: 3 }), 1020);
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 1 WHERE id = 3`).run();
  });
});

describe("results and records", () => {
  it("getGamelog pages a room's drawn rounds, newest first; getround publishes a round for verification", async () => {
    const token = await login("demo01", "demo1234");
    for (let i = 0; i < 21; i++) await finishRound(7);
    const first = await api("/api/Game/getGamelog", { token, roomid: 7, gameseq: 1, gametype: 2 });
    expectOk(first);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.hasMore).toBe(true);
    const second = await api("/api/Game/getGamelog", { token, roomid: 7, page: 2 });
    expect(second.data.list.map((r: { seqno: number }) => r.seqno)).toEqual([1]);
    expect(first.data.list[0].seqno).toBe(21);
    for (const round of first.data.list) expect(round.numbers.every((n: number) => n >= 1 && n <= 6)).toBe(true);

    const open = await currentRound(7);
    const unseen = await api("/api/Game/getround", { roomid: 7, seqno: open.seqno });
    expectOk(unseen);
    expect(unseen.data).toMatchObject({
      seqno: open.seqno,
      commit: open.commit,
      seed: null,
      numbers: [],
      num1: null,
      roomid: 7,
      gametype: 2,
    });
    const drawn = await api("/api/Game/getround", { roomid: 7, seqno: 5 });
    const check = await verifyRound({
      seedHex: drawn.data.seed,
      commit: drawn.data.commit,
      roomId: 7,
      seqno: 5,
      gameType: 2,
      numbers: drawn.data.numbers,
    });
    expect(check.ok).toBe(true);
    expectError(await api("/api/Game/getround", { roomid: 7, seqno: 9999 }), 1028);
    expectError(await api("/api/Game/getround", { roomid: 7 }), 1027);
    expectError(await api("/api/Game/getround", { roomid: 999, seqno: 1 }), 1057);
  });

  it("current answers a round's result and the player's award in it", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(16);
    await placeOk(player.token, 16, [
      [0, 1.98, 50],
      [1, 1.98, 30],
    ]);
    const pending = await api("/api/Game/current", {
      token: player.token,
      roomid: 16,
      gameseq: round.seqno,
      gametype: 1,
    });
    expect(pending.data).toEqual({ award: 0, stake: 0, result: null });
    const settled = await finishRound(16);
    const answer = await api("/api/Game/current", {
      token: player.token,
      roomid: 16,
      gameseq: round.seqno,
      gametype: 1,
    });
    expectOk(answer);
    const award = settled.sum >= 14 ? 99 : 59.4;
    expect(answer.data.award).toBe(award);
    // what the round cost, so a payout is told against it (99.00 on 80.00 staked is a win of 19.00)
    expect(answer.data.stake).toBe(80);
    expect(answer.data.result).toMatchObject({ seqno: round.seqno, sum: settled.sum, seed: settled.seed });
    const latest = await api("/api/Game/current", { token: player.token, roomid: 16 });
    expect(latest.data.result.seqno).toBe(round.seqno);
    await expectMoneyInvariants();
  });

  it("getGamelog2 lists the player's bets by tab, in Chinese or English wording, and pages them", async () => {
    const player = await playerWith(1_000_000);
    const records = (type?: string, page?: number) => api("/api/Game/getGamelog2", { token: player.token, type, page });
    await placeOk(player.token, 1, [
      [0, 1.98, 20],
      [1, 1.98, 20],
    ]);
    const settled = await finishRound(1);
    const pending = await placeOk(player.token, 1, [[2, 1.98, 25]]);
    const cancelled = await placeOk(player.token, 1, [[3, 1.98, 20]]);
    expectOk(await api("/api/Game/getGamecancel", { token: player.token, roomid: 1, order_id: cancelled.order_id }));

    const all = await records("全部");
    expectOk(all);
    expect(all.data.data.map((r: { isaward: number }) => r.isaward)).toEqual([
      3,
      -1,
      ...(settled.sum >= 14 ? [0, 1] : [1, 0]),
    ]);
    expect(all.data).toMatchObject({ page: 1, hasMore: false });
    const won = all.data.data.find((r: { isaward: number }) => r.isaward === 1);
    expect(won).toMatchObject({
      seqno: settled.seqno,
      gametype: 1,
      roomid: 1,
      roomTitle: "Lucky 28 · USDT",
      titleKey: "lucky28",
      money: 20,
      rate: 1.98,
      award: 39.6,
    });
    expect(won.valuecn).toBe(settled.sum >= 14 ? "big" : "small");
    expect(typeof won.ordersn).toBe("string");
    expect(typeof won.createtime).toBe("number");
    expect((await records("已中奖")).data.data.map((r: { id: number }) => r.id)).toEqual([won.id]);
    expect((await records("won")).data.data.map((r: { id: number }) => r.id)).toEqual([won.id]);
    expect((await records("未中奖")).data.data).toHaveLength(1);
    expect((await records("lost")).data.data[0].isaward).toBe(0);
    expect((await records("待开奖")).data.data.map((r: { ordersn: string }) => r.ordersn)).toEqual([pending.ordersn]);
    expect((await records("pending")).data.data).toHaveLength(1);
    expect((await records()).data.data).toHaveLength(4);
    expectError(await records("sometimes"), 1001);

    for (let i = 0; i < 10; i++)
      await placeOk(player.token, 1, [
        [0, 1.98, 20],
        [10, 95, 20],
      ]);
    const page1 = await records("all", 1);
    expect(page1.data.data).toHaveLength(20);
    expect(page1.data.hasMore).toBe(true);
    const page2 = await records("all", 2);
    expect(page2.data).toMatchObject({ page: 2, hasMore: false });
    expect(page2.data.data).toHaveLength(4);
    await expectMoneyInvariants();
  });

  it("todayWinLost and getTrendData add up the player's day and the day before (UTC+8)", async () => {
    const player = await playerWith(1_000_000);
    await placeOk(player.token, 15, [
      [0, 1.98, 100],
      [1, 1.98, 50],
    ]);
    const settled = await finishRound(15);
    const won = settled.sum >= 11 ? 48 : -51; // big pays 198, small 99, for 150 staked
    const today = await api("/api/Game/todayWinLost", { token: player.token });
    expectOk(today);
    expect(today.data).toEqual({ win: won, total: 150 });
    // Yesterday: move a played-out bet back one day.
    const other = await placeOk(player.token, 15, [[2, 1.98, 40]]);
    await finishRound(15);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(bets)} SET created_at_ms = created_at_ms - ? WHERE order_id = ?`)
      .bind(DAY_MS, other.order_id)
      .run();
    const bet = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT isaward, award_cents FROM ${quotedTable(bets)} WHERE order_id = ?`)
      .bind(other.order_id)
      .first<{ isaward: number; award_cents: number }>();
    const trend = await api("/api/Game/getTrendData", { token: player.token });
    expectOk(trend);
    expect(trend.data).toEqual({
      yeswin: (bet!.award_cents - 4_000) / 100,
      yestotal: 40,
      todaywin: won,
      todaytotal: 150,
    });
    expectError(await api("/api/Game/todayWinLost", {}), 1062, 409);
    await expectMoneyInvariants();
  });
});

describe("the room's socket", () => {
  it("sends the round on connect, then bets, cancellations, the draw and the next round", async () => {
    const player = await playerWith(100_000);
    const response = await exports.default.fetch("https://app.test/ws/room/9", { headers: { upgrade: "websocket" } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const messages: any[] = [];
    socket.addEventListener("message", (event) => {
      messages.push(JSON.parse(event.data as string));
    });
    socket.accept();
    const waitFor = async (type: string, n = 1) => {
      for (let i = 0; i < 200 && messages.filter((m) => m.type === type).length < n; i++)
        await new Promise((r) => setTimeout(r, 10));
      return messages.filter((m) => m.type === type)[n - 1];
    };
    const hello = await waitFor("round");
    const round = await currentRound(9);
    expect(hello.game).toMatchObject({ id: round.roundId, seqno: round.seqno, commit: round.commit, status: "open" });
    expect(Array.isArray(hello.his)).toBe(true);
    const placed = await placeOk(player.token, 9, [
      [0, 1.98, 20],
      [6, 3.8, 20],
    ]);
    const bet = await waitFor("bet");
    expect(bet.bets).toHaveLength(2);
    expect(bet.bets[1]).toMatchObject({
      orderId: placed.order_id,
      value: 6,
      valuecn: "small_odd",
      rate: 3.8,
      money: 20,
      seqno: round.seqno,
    });
    expect(bet.bets[1].mine).toBeUndefined();
    expect(bet.bets[1].username).toContain("***");
    expectOk(await api("/api/Game/getGamecancel", { token: player.token, roomid: 9, order_id: placed.order_id }));
    expect(await waitFor("cancel")).toEqual({ type: "cancel", orderId: placed.order_id });
    await finishRound(9);
    const draw = await waitFor("draw");
    expect(draw.result).toMatchObject({ id: round.roundId, seqno: round.seqno });
    expect(draw.result.seed).toMatch(/^[0-9a-f]{64}$/);
    const next = await waitFor("round", 2);
    expect(next.game.seqno).toBe(round.seqno + 1);
    expect(next.his[0].seqno).toBe(round.seqno);
    socket.close();
    const missing = await exports.default.fetch("https://app.test/ws/room/999", { headers: { upgrade: "websocket" } });
    expect(missing.status).toBe(404);
    await missing.text();
    await expectMoneyInvariants();
  });
});
