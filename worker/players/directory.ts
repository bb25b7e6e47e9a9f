import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accountDirectory } from "../db/schema";

// The directory of accounts in the control database (docs/decisions/161): the one place a name or a phone is
// unique across every wallet shard, where every account's id is taken, and where a player's shard is read.

export type DirectoryEntry = { id: number; shard: number | null };

/**
 * Takes an id for a new account: the unique indexes refuse a taken name or phone here, before any shard is
 * written. A player's shard is drawn at random in the same statement: the shards fill evenly, and the choice
 * needs no read and no counter every registration would write.
 */
export function reserveAccountStatement(
  db: Db,
  account: { username: string; quhao?: string; phone?: string; shardCount: number | null; nowMs: number },
) {
  const shard = account.shardCount === null ? sql`NULL` : sql`abs(random() % ${account.shardCount})`;
  return db.all<DirectoryEntry>(sql`INSERT INTO account_directory (username, quhao, phone, shard, created_at_ms)
    VALUES (${account.username}, ${account.quhao ?? ""}, ${account.phone ?? ""}, ${shard}, ${account.nowMs})
    RETURNING id, shard`);
}

export async function findAccount(db: Db, username: string): Promise<DirectoryEntry | undefined> {
  return db.get<DirectoryEntry>(
    sql`SELECT id, shard FROM ${accountDirectory} WHERE lower(username) = ${username.toLowerCase()}`,
  );
}

export async function findAccountByPhone(db: Db, quhao: string, phone: string): Promise<DirectoryEntry | undefined> {
  if (!phone) return undefined;
  return db.get<DirectoryEntry>(
    sql`SELECT id, shard FROM ${accountDirectory} WHERE quhao = ${quhao} AND phone = ${phone}`,
  );
}

/** Gives a reserved name and phone back when the player's shard could not be written (registration). */
export async function releaseAccount(db: Db, id: number) {
  await db.run(sql`DELETE FROM ${accountDirectory} WHERE id = ${id}`);
}
