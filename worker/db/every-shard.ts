import { type SQL, eq, inArray, sql } from "drizzle-orm";
import type { AnyDb, ControlDb, WalletDb } from "./client";
import type { Databases } from "./databases";
import { accountDirectory } from "./schema";

// The console reads across the wallet shards (docs/decisions/161, "Reads across shards"): every list, search,
// report and book runs its query in every shard, in the call's D1 session, and merges (worker/db/keyset.ts).

/**
 * Whether shard 0 is the control database itself (npm start, a deployment not split yet): a list that reads
 * both then reads it once. Only the control database holds directory rows, the house's from the seed on.
 */
async function shardZeroIsControl(dbs: Databases): Promise<boolean> {
  const [first] = dbs.wallets;
  if (!first) return true;
  const row = await first.get<{ found: number }>(sql`SELECT EXISTS (SELECT 1 FROM ${accountDirectory}) AS found`);
  return row?.found === 1;
}

/**
 * The databases of a list kept in the control database and in the shards (the audit log), each with the number
 * its rows' keys end with: 0 the control database, k + 1 shard k. Shard 0 is left out where it is the control
 * database, so no row is read twice.
 */
export async function controlAndShards(dbs: Databases): Promise<{ db: AnyDb; source: number }[]> {
  const shards = dbs.wallets.map((db, shard) => ({ db: db as AnyDb, source: shard + 1 }));
  const rest = (await shardZeroIsControl(dbs)) ? shards.slice(1) : shards;
  return [{ db: dbs.control, source: 0 }, ...rest];
}

/**
 * Accounts' names by id, from the directory in the control database: a shard's row names an operator (who
 * decided, who asked) whose account is not in that shard.
 */
export async function accountNames(
  control: ControlDb,
  ids: (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (!wanted.length) return new Map();
  const names = new Map<number, string>();
  // D1 binds at most 100 parameters a statement
  for (let i = 0; i < wanted.length; i += 90) {
    const rows = await control
      .select({ id: accountDirectory.id, username: accountDirectory.username })
      .from(accountDirectory)
      .where(inArray(accountDirectory.id, wanted.slice(i, i + 90)));
    for (const r of rows) names.set(r.id, r.username);
  }
  return names;
}

/** The shard a player's rows are in, from the directory; undefined for no player (an operator, the house, no one). */
export async function shardOfPlayer(control: ControlDb, userId: number): Promise<number | undefined> {
  const row = await control
    .select({ shard: accountDirectory.shard })
    .from(accountDirectory)
    .where(eq(accountDirectory.id, userId))
    .get();
  return row?.shard ?? undefined;
}

/**
 * The rows of a query run in every shard, added up by a key: each shard answers one row per key with numbers
 * (counts and sums of its own rows, never shared with another shard's), and the totals add.
 */
export async function summedByKey<K extends string | number, T extends { key: K }>(
  shards: WalletDb[],
  query: SQL,
): Promise<Map<K, T>> {
  const each = await Promise.all(shards.map((db) => db.all<T>(query)));
  const out = new Map<K, T>();
  for (const row of each.flat()) {
    const was = out.get(row.key);
    if (!was) {
      out.set(row.key, { ...row });
      continue;
    }
    const sum = { ...was } as Record<string, unknown>;
    for (const [field, value] of Object.entries(row))
      if (field !== "key" && typeof value === "number") sum[field] = ((sum[field] as number) ?? 0) + value;
    out.set(row.key, sum as T);
  }
  return out;
}
