import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reschedule, stubOf } from "../rooms-helpers";
import {
  type ShardPlayer,
  countIn,
  drawRound,
  expectEveryShardBalanced,
  orderIn,
  shardPlayer,
} from "../shards/orders-helpers";

// npm run bench -- shards: the same burst of orders (50 players, 20 orders each, all at once) with every player in
// one wallet shard, then spread over four, in the real runtime with four shards that are four databases
// (docs/decisions/161). Per shard: the order batches and statements D1 took (successful calls only: the room's
// group commit counts a batch once it committed), the orders that landed, and the round's settlement after.
// Times are noisy on a shared machine; the batch and statement counts are the figures to read.

const PLAYERS = env.BENCH_SMOKE ? 8 : 50;
const ORDERS_EACH = env.BENCH_SMOKE ? 5 : 20;

function row(name: string, figure: string) {
  console.log(`BENCH_ROW ${JSON.stringify({ section: "shards", name, figure })}`);
}

async function burst(roomId: number, players: ShardPlayer[], label: string) {
  const round = await reschedule(roomId, 600_000, 660_000);
  const before = await stubOf(roomId).orderWriteFigures();
  let landed = 0;
  const t0 = performance.now();
  await Promise.all(
    players.map(async (player, i) => {
      for (let n = 0; n < ORDERS_EACH; n++) {
        const answer = await orderIn(player, roomId, round.roundId, [[(i + n) % 2, 1.98, 20]]);
        if (answer.code === 1) landed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const after = await stubOf(roomId).orderWriteFigures();
  row(
    `${label}: burst`,
    `${landed} of ${players.length * ORDERS_EACH} orders landed in ${seconds.toFixed(2)} s (${(landed / seconds).toFixed(0)}/s)`,
  );
  for (const figures of after) {
    const was = before.find((f) => f.shard === figures.shard) ?? { batches: 0, statements: 0 };
    const batches = figures.batches - was.batches;
    const statements = figures.statements - was.statements;
    const orders = await countIn(figures.shard, "orders", "round_id = ?", round.roundId);
    row(
      `${label}: shard ${figures.shard}`,
      `${orders} orders, ${batches} order batches, ${statements} statements (${(orders / Math.max(batches, 1)).toFixed(1)} orders a batch)`,
    );
  }
  const t1 = performance.now();
  await drawRound(roomId);
  const shards = after.length;
  row(
    `${label}: settlement`,
    `${(performance.now() - t1).toFixed(0)} ms: 1 batch of 13 statements in each of ${shards} shard(s) at once, then 1 control batch of 2 statements per shard`,
  );
  expect(landed).toBe(players.length * ORDERS_EACH);
  await expectEveryShardBalanced();
}

describe("orders and settlement per wallet shard", () => {
  it("the same burst at one shard and at four", async () => {
    const inShard0: ShardPlayer[] = [];
    const spread: ShardPlayer[] = [];
    // registration draws each player's shard: register until one shard alone has the burst's players
    while (inShard0.length < PLAYERS) {
      const player = await shardPlayer(1_000_000);
      if (player.shard === 0) inShard0.push(player);
      if (spread.length < PLAYERS) spread.push(player);
    }
    await burst(15, inShard0, "1 shard");
    await burst(16, spread, "4 shards");
  });
});
