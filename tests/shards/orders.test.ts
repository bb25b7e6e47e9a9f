import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk } from "../helpers";
import { currentRound, setTrading } from "../rooms-helpers";
import { walletBindings } from "../../worker/db/shards";
import {
  balanceIn,
  countIn,
  drawRound,
  expectEveryShardBalanced,
  placed,
  orderIn,
  playersInShards,
  whereRows,
} from "./orders-helpers";
import { rooms } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Orders over four wallet shards that are four databases (docs/decisions/161): an order is one batch in the
// player's shard, checked against the shard's own rows; the room decides whether it trades.

describe("orders in the player's wallet shard", () => {
  it("writes the order, its bets and its debit in the player's shard only, and cancels it there", async () => {
    const players = await playersInShards([1, 2, 3], 100_000);
    const round = await currentRound(15);
    for (const player of players.values()) {
      const answer = await placed(player, 15, round.roundId, [[0, 1.98, 20]]);
      expect(answer.money).toBe(980);
      expect(await whereRows("orders", "ordersn = ?", answer.ordersn)).toEqual({ shards: [player.shard], control: 0 });
      expect(await whereRows("bets", "user_id = ?", player.userId)).toEqual({ shards: [player.shard], control: 0 });
      expect(await whereRows("ledger", "idempotency_key = ?", `bet:${answer.ordersn}`)).toEqual({
        shards: [player.shard],
        control: 0,
      });
      expect(await balanceIn(player)).toBe(98_000);
    }
    // the player's bet list joins their shard's bets with the control database's rounds and rooms
    const someone = players.get(2)!;
    const records = await api("/api/game/getgamelog2", { token: someone.token });
    expectOk(records);
    expect(records.data.data).toHaveLength(1);
    expect(records.data.data[0]).toMatchObject({ seqno: round.seqno, roomid: 15, isaward: -1, money: 20 });
    // the room's live table holds every shard's bets
    const live = await api("/api/game/getvorder", { token: someone.token, roomid: 15, isfirst: 1 });
    expectOk(live);
    expect(live.data.list).toHaveLength(3);
    expect(live.data.list.filter((b: { mine: boolean }) => b.mine)).toHaveLength(1);
    // after a bet id of one shard, the later bets of the others follow
    const first = live.data.list[0];
    const after = await api("/api/game/getvorder", {
      token: someone.token,
      roomid: 15,
      order_id: first.id,
      gameseq: round.seqno,
    });
    expect(after.data.list.map((b: { id: number }) => b.id)).toEqual(
      live.data.list.slice(1).map((b: { id: number }) => b.id),
    );
    // a cancellation gives the stake back in the player's shard
    const third = players.get(3)!;
    const order = await placed(third, 15, round.roundId, [[1, 1.98, 20]]);
    const cancelled = await api("/api/Game/getgamecancel", {
      token: third.token,
      roomid: 15,
      order_id: order.order_id,
    });
    expectOk(cancelled);
    expect(cancelled.data.money).toBe(980);
    expect(await countIn(third.shard, "ledger", "idempotency_key = ?", `cancel:${order.order_id}`)).toBe(1);
    // another player's order is "not found", whichever shard holds it
    expectError(
      await api("/api/Game/getgamecancel", { token: someone.token, roomid: 15, order_id: order.order_id }),
      1041,
    );
    await expectEveryShardBalanced();
    await drawRound(15);
    await expectEveryShardBalanced();
  });

  it("lists the round's bets in the order they were placed, not by id: a higher shard's older bet comes first", async () => {
    const players = await playersInShards([0, 3], 100_000);
    const round = await currentRound(15);
    // shard 3's ids are far above shard 0's; its player bets first
    const older = await placed(players.get(3)!, 15, round.roundId, [[0, 1.98, 20]]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await placed(players.get(0)!, 15, round.roundId, [[1, 1.98, 20]]);
    const live = await api("/api/game/getvorder", { token: players.get(0)!.token, roomid: 15, isfirst: 1 });
    expectOk(live);
    const orders = live.data.list.map((b: { orderId: number }) => b.orderId);
    expect(orders).toEqual([older.order_id, newer.order_id]);
    expect(older.order_id).toBeGreaterThan(newer.order_id);
    // after the older bet (the larger id), the newer one still follows
    const after = await api("/api/game/getvorder", {
      token: players.get(0)!.token,
      roomid: 15,
      order_id: live.data.list[0].id,
      gameseq: round.seqno,
    });
    expect(after.data.list.map((b: { orderId: number }) => b.orderId)).toEqual([newer.order_id]);
    await expectEveryShardBalanced();
  });

  it("refuses an order the player's shard cannot cover, writing nothing there (1025)", async () => {
    const players = await playersInShards([2], 1_000);
    const player = players.get(2)!;
    const round = await currentRound(16);
    const before = await countIn(2, "ledger");
    expectError(await orderIn(player, 16, round.roundId, [[0, 1.98, 20]]), 1025);
    expect(await countIn(2, "ledger")).toBe(before);
    expect(await countIn(2, "orders", "user_id = ?", player.userId)).toBe(0);
    await expectEveryShardBalanced();
  });

  it("refuses at once (1020) in a room an operator stopped: the room decides, not a row of the player's shard", async () => {
    const players = await playersInShards([3], 100_000);
    const player = players.get(3)!;
    const round = await currentRound(17);
    await placed(player, 17, round.roundId, [[0, 1.98, 20]]);
    await setTrading(17, false);
    try {
      const before = await countIn(3, "ledger");
      expectError(await orderIn(player, 17, round.roundId, [[1, 1.98, 20]]), 1020);
      expect(await countIn(3, "ledger")).toBe(before);
    } finally {
      await setTrading(17, true);
    }
    await placed(player, 17, round.roundId, [[1, 1.98, 20]]);
    // the rooms row is the control database's: the shard has none to read
    expect(
      await walletBindings(env)[3]
        .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(rooms)}`)
        .first<{ n: number }>(),
    ).toEqual({
      n: 0,
    });
    await expectEveryShardBalanced();
  });
});
