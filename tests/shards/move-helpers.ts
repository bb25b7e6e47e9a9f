import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api, expectOk, registerPlayer } from "../helpers";
import { expectBooksBalanced } from "../contract/client";
import { PAY_PASSWORD, addBank, requestId, paidInto } from "../wallet-helpers";
import { seenByBindings } from "../shard-helpers";
import { walletBindings } from "../../worker/db/shards";
import { walletHandle } from "../../worker/db/client";
import { todaySoFar } from "../../worker/insight/books-days";
import { runInOneBatch } from "../../worker/db/batch";
import { balanceChangeStatements } from "../../worker/ledger/ledger";
import { ledgerReasons } from "../../worker/ledger/reasons";
import type { MoveLink } from "../../worker/players/move";
import { type MoveDb, d1MoveDb, playerTables } from "../../worker/players/move-tables";
import { accountDirectory, depositRequests, auditLog, selfExclusions } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

const DAY = 86_400_000;

// Players over four wallet shards that are four databases (docs/decisions/161), for the lock-up, reset and move
// tests: where a player lives, their money put in their shard, and the books of every database.

export type ShardedPlayer = { token: string; username: string; password: string; id: number; shard: number };

export async function shardOf(id: number): Promise<number> {
  const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(id)
    .first<{ shard: number }>();
  return row!.shard;
}

/**
 * A new player with a withdrawal password and, when asked, money credited in their own shard (an operator's
 * correction, the house on the other side, as the console's credit writes it).
 */
export async function shardedPlayer(moneyCents = 0): Promise<ShardedPlayer> {
  const p = await registerPlayer({ payPwd: PAY_PASSWORD });
  const info = await api("/api/Game/getuserinfo", { token: p.token });
  expectOk(info);
  const id = info.data.id as number;
  const shard = await shardOf(id);
  if (moneyCents > 0) await credit(shard, id, moneyCents);
  return { token: p.token, username: p.username, password: p.password, id, shard };
}

export async function credit(shard: number, userId: number, cents: number) {
  const db = databasesOf(env).walletPrimary(shard);
  await runInOneBatch(
    db,
    balanceChangeStatements(db, {
      userId,
      amountCents: cents,
      type: "topup",
      reason: ledgerReasons.adjustment("correction"),
      idempotencyKey: `test-funds:${userId}:${crypto.randomUUID()}`,
      nowMs: Date.now(),
    }),
  );
}

/**
 * Players until `count` different shards hold one each (registration takes the least-filled shard), shard 0 among
 * them: where shard 0 is the control database itself ("shards-mixed"), every such test writes there too.
 */
export async function playersInShards(count: number, moneyCents = 0): Promise<ShardedPlayer[]> {
  const byShard = new Map<number, ShardedPlayer>();
  for (let i = 0; i < 40 && byShard.size < count; i++) {
    const p = await shardedPlayer();
    // the last place is kept for shard 0 until it has a player
    const room = byShard.has(0) || p.shard === 0 || byShard.size < count - 1;
    if (!byShard.has(p.shard) && room) byShard.set(p.shard, p);
  }
  expect(byShard.size).toBe(count);
  expect(byShard.has(0)).toBe(true);
  const players = [...byShard.values()];
  if (moneyCents > 0) for (const p of players) await credit(p.shard, p.id, moneyCents);
  return players;
}

/**
 * Every database's books: each balance equals its ledger, each shard's total with its stakes in play is zero, and
 * today's books per day of each shard find nothing wrong (a move is booked today on both sides).
 */
export async function expectEveryShardBalanced({ today: checkToday = true } = {}) {
  for (const d1 of walletBindings(env)) await expectBooksBalanced(d1, env.DB);
  await expectBooksBalanced(env.DB);
  if (!checkToday) return;
  for (const [shard, d1] of walletBindings(env).entries()) {
    const today = await todaySoFar(walletHandle(d1), Date.now(), databasesOf(env).control);
    expect(today.problems, `shard ${shard} today`).toEqual([]);
  }
}

/**
 * `n` rows in this shard and none anywhere else (the control database included), as rowsWhere counts them: a shard
 * that is the control database itself (tests/shard-helpers.ts) counts them for "control" too.
 */
export function rowsOnlyIn(shard: number, n = 1): Record<string, number> {
  const seen = seenByBindings(
    0,
    [0, 1, 2, 3].map((s) => (s === shard ? n : 0)),
  );
  return { control: seen.control, ...Object.fromEntries(seen.shards.map((count, s) => [s, count])) };
}

/** How many rows of a table match, per binding: "control" and each shard. */
export async function rowsWhere(table: string, where: string, ...params: unknown[]) {
  const count = async (d1: D1Database) =>
    (await d1
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...params)
      .first<{ n: number }>())!.n;
  const out: Record<string, number> = { control: await count(env.DB) };
  for (const [shard, d1] of walletBindings(env).entries()) out[shard] = await count(d1);
  return out;
}

/** The move driven through the Worker's D1 bindings, as the script drives it through wrangler. */
export function d1Link(
  fail?: { db: "control" | number; batch: number },
  beforeBatch?: (db: "control" | number) => Promise<void>,
): MoveLink {
  const shards = walletBindings(env);
  let batches = 0;
  const wrap = (d1: D1Database, name: "control" | number): MoveDb => {
    const db = d1MoveDb(d1);
    return {
      ...db,
      batch: async (sqls) => {
        // a crash of the command before this batch of that database reaches it
        if (fail && fail.db === name && ++batches === fail.batch)
          throw new Error(`stopped before batch ${batches} of ${name}`);
        // something else writing between two steps of the move
        await beforeBatch?.(name);
        await db.batch(sqls);
      },
    };
  };
  return { control: wrap(env.DB, "control"), shard: (k) => wrap(shards[k], k), shardCount: shards.length };
}

/** One wallet shard's database. */
export const shardD1 = (shard: number): D1Database => walletBindings(env)[shard];

/** Everything a player owns in one shard, table by table, as the move's own list of tables names it. */
export async function rowsOf(shard: number, id: number) {
  const tables = await playerTables(d1Link().shard(shard));
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    if (t.name === "books_account_sums") continue;
    const rows = (
      await shardD1(shard)
        .prepare(`SELECT * FROM "${t.name}" WHERE ${t.where(id)} ORDER BY rowid`)
        .all()
    ).results;
    if (rows.length) out[t.name] = rows;
  }
  return out;
}

/**
 * A player in a low shard (one of `shards`) with money, a lock-up, a bank card, a limit, a decided deposit and an
 * old time-out.
 */
export async function busyPlayer(shards = [0, 1]): Promise<ShardedPlayer> {
  let p = await shardedPlayer();
  // registration draws one of four shards: 40 tries miss a given one about once in 10^5
  for (let i = 0; i < 40 && !shards.includes(p.shard); i++) p = await shardedPlayer();
  expect(shards).toContain(p.shard);
  await credit(p.shard, p.id, 400_000_00);
  expectOk(
    await api("/api/Game/producttransferin", {
      token: p.token,
      product_id: 1,
      money: 100_000,
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    }),
  );
  await addBank(p.token);
  expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 5_000 }));
  const asked = await api("/api/Game/recharge", {
    ...(await paidInto()),
    token: p.token,
    money: 150,
    pay_name: "Nguyen Van A",
  });
  expectOk(asked);
  // decided by an operator, with its audit row, as the console writes it in the player's shard
  const d1 = shardD1(p.shard);
  await d1.batch([
    d1
      .prepare(
        `UPDATE ${quotedTable(depositRequests)} SET status = 'rejected', decided_at_ms = ?, decided_by = 2 WHERE id = ?`,
      )
      .bind(Date.now(), asked.data.id),
    d1
      .prepare(
        `INSERT INTO ${quotedTable(auditLog)} (actor_id, action, target, created_at_ms) VALUES (2, 'deposit.reject', ?, ?)`,
      )
      .bind(`deposit:${asked.data.id}`, Date.now()),
    // a time-out that ended a month ago: self-exclusions are append-only, yet they move with the player
    d1
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.id, Date.now() - 31 * DAY, Date.now() - 30 * DAY),
  ]);
  return p;
}
