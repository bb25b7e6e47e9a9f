import { forgetPerFile } from "../support/file-state";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { walletBindings } from "../../worker/db/shards";
import { secondOperator } from "../admin-helpers";
import { player } from "../wallet-helpers";
import { api, expectOk } from "../helpers";
import { seenByBindings } from "../shard-helpers";
import { accountDirectory, settings, users } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// What the console's decision tests over four wallet shards share (docs/decisions/161): players placed in
// shards of their own, where a row is, and the books of every shard.

export type ShardedPlayer = { token: string; id: number; username: string; shard: number };

async function shardOf(userId: number): Promise<number> {
  const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(userId)
    .first<{ shard: number }>();
  return row!.shard;
}

/**
 * Players, each in a shard none of the others is in (registration takes the least-filled shard), the first in shard
 * 0: where shard 0 is the control database itself ("shards-mixed"), every decision test writes there too.
 */
export async function playersInShards(count: number, money = 0): Promise<ShardedPlayer[]> {
  const out: ShardedPlayer[] = [];
  for (let tries = 0; out.length < count; tries++) {
    if (tries > 60) throw new Error("registration never reached enough shards");
    const p = await player();
    const shard = await shardOf(p.id);
    if (out.some((o) => o.shard === shard) || (out.length === 0 && shard !== 0)) continue;
    out.push({ ...p, shard });
  }
  if (money > 0) for (const p of out) await fund(p, money);
  return out;
}

let funder: Promise<string> | undefined;
forgetPerFile(() => (funder = undefined));

/** Money for a player, credited by an operator of the tests' own (so the operators under test have moved none). */
async function fund(p: { id: number }, money: number) {
  funder ??= (async () => {
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('adjust_operator_daily_cents', '100000000000')`,
    ).run();
    return (await secondOperator(true, "admin")).signIn();
  })();
  const answer = await api("/api/admin/adjust", {
    token: await funder,
    userId: p.id,
    money,
    text: "correction",
    reason: "test funds",
    request_id: `fund${crypto.randomUUID().replace(/-/g, "")}`,
  });
  expectOk(answer);
  expect(answer.data.status).toBe("done");
}

/** An operator of a role, signed in like the console. */
export async function signedOperator(role: "admin" | "cashier" = "admin") {
  const op = await secondOperator(true, role);
  return { id: op.id, token: await op.signIn() };
}

/** How many rows match in each wallet shard and in the control database (binds go in order). */
export async function rowsWhere(table: string, where: string, ...binds: unknown[]) {
  const count = async (d1: D1Database) =>
    (await d1
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<{ n: number }>())!.n;
  const shards: number[] = [];
  for (const d1 of walletBindings(env)) shards.push(await count(d1));
  return { shards, control: await count(env.DB) };
}

/** `n` rows in this shard and none anywhere else (the control database included), as rowsWhere counts them. */
export function onlyIn(shard: number, n = 1) {
  return seenByBindings(
    0,
    [0, 1, 2, 3].map((s) => (s === shard ? n : 0)),
  );
}

/** `n` rows in the control database's own role and none in any shard, as rowsWhere counts them. */
export const onlyInControl = (n = 1) => seenByBindings(n, [0, 0, 0, 0]);

/** No row anywhere. */
export const nowhere = () => onlyInControl(0);

export const shardD1 = (shard: number) => walletBindings(env)[shard]!;

export async function balanceIn(p: ShardedPlayer) {
  const row = await shardD1(p.shard)
    .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(p.id)
    .first<{ money_cents: number }>();
  return row!.money_cents;
}

export async function setSettings(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values))
    await env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES (?, ?)`)
      .bind(key, JSON.stringify(value))
      .run();
}
