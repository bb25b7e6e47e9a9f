import type { ControlDb } from "../db/client";
import { and, eq, sql } from "drizzle-orm";
import { accountDirectory } from "../db/schema";

// The directory of accounts in the control database (docs/decisions/161): the one place a name or a phone is
// unique across every wallet shard, where every account's id is taken, and where a player's shard is read.

export type DirectoryEntry = { id: number; shard: number | null };

/**
 * Takes an id for a new account: the unique indexes refuse a taken name or phone here, before any shard is
 * written. A player goes to the least-filled wallet shard by the directory's counts, the lowest index among
 * equals (docs/decisions/169), chosen inside this one statement: D1 runs a database's statements one at a
 * time, so registrations at once each count the ones before and the shards never drift more than one apart.
 * The count reads the index on the directory's shard column once per registration; no counter is written.
 */
export function reserveAccountStatement(
  db: ControlDb,
  account: { username: string; dialCode?: string; phone?: string; shardCount: number | null; nowMs: number },
) {
  const shard = account.shardCount === null ? sql`NULL` : leastFilledShard(account.shardCount);
  return db.all<DirectoryEntry>(sql`INSERT INTO ${accountDirectory} (username, quhao, phone, shard, created_at_ms)
    VALUES (${account.username}, ${account.dialCode ?? ""}, ${account.phone ?? ""}, ${shard}, ${account.nowMs})
    RETURNING id, shard`);
}

/**
 * Moves a reserved player whose shard could not be written to the least-filled of the shards not yet tried
 * (registration); null when every shard was tried.
 */
export async function moveReservation(db: ControlDb, id: number, count: number, tried: number[]) {
  if (tried.length >= count) return null;
  const [moved] = await db.all<DirectoryEntry>(sql`UPDATE ${accountDirectory}
    SET shard = ${leastFilledShard(count, tried)} WHERE id = ${id} RETURNING id, shard`);
  return moved?.shard ?? null;
}

/** The shard of 0..count-1 (but those passed over) with the fewest players in the directory, the lowest among equals. */
const leastFilledShard = (count: number, passedOver: number[] = []) => sql`(
  WITH RECURSIVE shards(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM shards WHERE k + 1 < ${count}),
    filled(shard, n) AS (SELECT shard, COUNT(*) FROM ${accountDirectory} WHERE shard IS NOT NULL GROUP BY shard)
  SELECT shards.k FROM shards LEFT JOIN filled ON filled.shard = shards.k
  WHERE shards.k NOT IN (${sql.join(
    [-1, ...passedOver].map((k) => sql`${k}`),
    sql`, `,
  )})
  ORDER BY COALESCE(filled.n, 0), shards.k LIMIT 1)`;

/** A directory row as the lookups answer it. */
const entry = { id: accountDirectory.id, shard: accountDirectory.shard };

export async function findAccount(db: ControlDb, username: string): Promise<DirectoryEntry | undefined> {
  return db
    .select(entry)
    .from(accountDirectory)
    .where(eq(sql`lower(${accountDirectory.username})`, username.toLowerCase()))
    .get();
}

export async function findAccountByPhone(
  db: ControlDb,
  dialCode: string,
  phone: string,
): Promise<DirectoryEntry | undefined> {
  if (!phone) return undefined;
  return db
    .select(entry)
    .from(accountDirectory)
    .where(and(eq(accountDirectory.dialCode, dialCode), eq(accountDirectory.phone, phone)))
    .get();
}

/** Gives a reserved name and phone back when the player's shard could not be written (registration). */
export async function releaseAccount(db: ControlDb, id: number) {
  await db.delete(accountDirectory).where(eq(accountDirectory.id, id));
}
