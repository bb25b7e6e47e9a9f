import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { expect } from "vitest";
import { api, expectOk, registerPlayer } from "../helpers";
import { expectBooksBalanced } from "../contract/client";
import { walletBindings } from "../../worker/db/shards";
import { runInOneBatch } from "../../worker/db/batch";
import { balanceChangeStatements } from "../../worker/ledger/ledger";
import { ledgerReasons } from "../../worker/ledger/reasons";
import { reschedule, stubOf } from "../rooms-helpers";
import { accountDirectory, users, rounds, roundSettlements } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Players, rounds and books over four wallet shards that are four databases (docs/decisions/161).

export type ShardPlayer = { token: string; username: string; userId: number; shard: number };

let topups = 0;

/** A registered player (their shard drawn by registration) holding `cents`, credited in their shard. */
export async function shardPlayer(cents: number): Promise<ShardPlayer> {
  const player = await registerPlayer();
  const entry = await env.DB.prepare(`SELECT id, shard FROM ${quotedTable(accountDirectory)} WHERE username = ?`)
    .bind(player.username)
    .first<{ id: number; shard: number }>();
  const found = { token: player.token, username: player.username, userId: entry!.id, shard: entry!.shard };
  if (cents > 0) await fundInShard(found, cents);
  return found;
}

/**
 * Registers players until each of the wanted shards has one: registration takes the least-filled shard, so a
 * shard that holds more players than the others (rows a test wrote there) is reached only once they catch up.
 */
export async function playersInShards(shards: number[], cents: number): Promise<Map<number, ShardPlayer>> {
  const found = new Map<number, ShardPlayer>();
  for (let tries = 0; found.size < shards.length && tries < 200; tries++) {
    const player = await shardPlayer(0);
    if (shards.includes(player.shard) && !found.has(player.shard)) {
      await fundInShard(player, cents);
      found.set(player.shard, player);
    }
  }
  const counts = await env.DB.prepare(
    `SELECT shard, COUNT(*) AS n FROM ${quotedTable(accountDirectory)} GROUP BY shard`,
  ).all();
  expect([...found.keys()].sort(), `players per shard: ${JSON.stringify(counts.results)}`).toEqual([...shards].sort());
  return found;
}

async function fundInShard(player: ShardPlayer, cents: number) {
  const db = databasesOf(env).walletPrimary(player.shard);
  await runInOneBatch(
    db,
    balanceChangeStatements(db, {
      userId: player.userId,
      amountCents: cents,
      type: "topup",
      reason: ledgerReasons.adjustment("correction"),
      idempotencyKey: `shard-topup:${player.userId}:${++topups}`,
      nowMs: Date.now(),
    }),
  );
}

/** Where rows of a table match: the shard indexes, and how many the control database holds. */
export async function whereRows(table: string, where: string, ...params: unknown[]) {
  const shards: number[] = [];
  for (const [shard, d1] of walletBindings(env).entries()) {
    const row = await d1
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...params)
      .first<{ n: number }>();
    if (row!.n > 0) shards.push(shard);
  }
  const control = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return { shards, control: control!.n };
}

export async function countIn(shard: number, table: string, where = "1 = 1", ...params: unknown[]) {
  const d1 = walletBindings(env)[shard];
  const row = await d1
    .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

export async function balanceIn(player: ShardPlayer) {
  const d1 = walletBindings(env)[player.shard];
  const row = await d1
    .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(player.userId)
    .first<{ money_cents: number }>();
  return row!.money_cents;
}

/** Each shard's books on their own: every balance equals its ledger, and the users' total plus the bets in play is zero. */
export async function expectEveryShardBalanced() {
  for (const d1 of walletBindings(env)) await expectBooksBalanced(d1, env.DB);
}

/** An order through the contract endpoint; rows are [optionIndex, odds, amount]. */
export async function orderIn(player: ShardPlayer, roomId: number, roundId: number, rows: unknown) {
  return api("/api/Game/order", { token: player.token, roomid: roomId, gameid: roundId, order_info: rows });
}

export async function placed(player: ShardPlayer, roomId: number, roundId: number, rows: unknown) {
  const answer = await orderIn(player, roomId, roundId, rows);
  expectOk(answer);
  return answer.data as { order_id: number; ordersn: string; money: number };
}

/** Makes the round in play due and fires the room's alarm (it draws, pays each shard, opens the next round). */
export async function drawRound(roomId: number) {
  const round = await reschedule(roomId, -2_000, -1_000);
  expect(await runDurableObjectAlarm(stubOf(roomId))).toBe(true);
  return round;
}

export async function controlRound(roundId: number) {
  return (await env.DB.prepare(`SELECT status, drawn_at_ms, win_mask FROM ${quotedTable(rounds)} WHERE id = ?`)
    .bind(roundId)
    .first<{ status: string; drawn_at_ms: number | null; win_mask: number }>())!;
}

export async function answeredShards(roundId: number) {
  const rows = await env.DB.prepare(
    `SELECT shard FROM ${quotedTable(roundSettlements)} WHERE round_id = ? ORDER BY shard`,
  )
    .bind(roundId)
    .all<{ shard: number }>();
  return rows.results.map((r) => r.shard);
}
