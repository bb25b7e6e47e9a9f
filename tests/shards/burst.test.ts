import { describe, expect, it } from "vitest";
import { reschedule, stubOf } from "../rooms-helpers";
import {
  type ShardPlayer,
  answeredShards,
  controlRound,
  countIn,
  drawRound,
  expectEveryShardBalanced,
  orderIn,
  shardPlayer,
} from "./orders-helpers";

// A burst of 1,000 orders from 50 players over four wallet shards that are four databases (docs/decisions/161):
// every order lands, in its player's shard, each shard's orders go in batches of their own (the room's group
// commit per shard, docs/decisions/123), and every shard's books balance before and after the round is paid.

const PLAYERS = 50;
const ORDERS_EACH = 20;
const ROOM = 17;

describe("a burst of orders over four shards", () => {
  it("lands 1,000 orders from 50 players, each shard receiving its share of the batches, the books balanced in each", async () => {
    const players: ShardPlayer[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await shardPlayer(100_000));
    const perShard = new Map<number, number>();
    for (const p of players) perShard.set(p.shard, (perShard.get(p.shard) ?? 0) + 1);
    // 50 draws over 4 shards: a shard with none is a 1-in-10^6 chance
    expect(perShard.size).toBe(4);
    // a round long enough for the whole burst
    const round = await reschedule(ROOM, 600_000, 660_000);
    const before = await stubOf(ROOM).orderWriteFigures();
    const failures: string[] = [];
    let landed = 0;
    await Promise.all(
      players.map(async (player, i) => {
        for (let n = 0; n < ORDERS_EACH; n++) {
          const answer = await orderIn(player, ROOM, round.roundId, [[(i + n) % 2, 1.98, 20]]);
          if (answer.code === 1) landed++;
          else failures.push(JSON.stringify(answer));
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(landed).toBe(PLAYERS * ORDERS_EACH);
    const after = await stubOf(ROOM).orderWriteFigures();
    const figures = [];
    for (let shard = 0; shard < 4; shard++) {
      const orders = await countIn(shard, "orders", "round_id = ?", round.roundId);
      const was = before.find((f) => f.shard === shard) ?? { batches: 0, statements: 0 };
      const now = after.find((f) => f.shard === shard) ?? { batches: 0, statements: 0 };
      const batches = now.batches - was.batches;
      figures.push({
        shard,
        players: perShard.get(shard) ?? 0,
        orders,
        batches,
        statements: now.statements - was.statements,
      });
      // every order of the shard's players is in the shard, written by batches of that shard only
      expect(orders).toBe((perShard.get(shard) ?? 0) * ORDERS_EACH);
      expect(batches).toBeGreaterThan(0);
      expect(batches).toBeLessThanOrEqual(orders);
    }
    console.log(`burst over four shards (orders and batches per shard): ${JSON.stringify(figures)}`);
    await expectEveryShardBalanced();
    await drawRound(ROOM);
    expect((await controlRound(round.roundId)).status).toBe("settled");
    expect(await answeredShards(round.roundId)).toEqual([0, 1, 2, 3]);
    for (let shard = 0; shard < 4; shard++)
      expect(await countIn(shard, "bets", "round_id = ? AND isaward = -1", round.roundId)).toBe(0);
    await expectEveryShardBalanced();
  });
});
