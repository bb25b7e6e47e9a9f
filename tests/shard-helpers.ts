import { env } from "cloudflare:workers";
import { walletBindings } from "../worker/db/shards";
import { shardOfId } from "../worker/db/id-ranges";
import { accountDirectory, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Where a test finds rows (docs/decisions/161): a player's rows (their users row, sessions, ledger, orders, bets,
// requests, accounts, limits, notices, adjustments and the audit of their money moves) are in the player's
// wallet shard, the control rows (rooms, rounds, settings, content, SMS codes, the directory, operators) in
// env.DB. A project binds wallet shards of their own (the "worker" and "shards" projects: four) or DB_WALLET_0 to
// the control database itself (the "throttles" project, npm start; the "shards-mixed" project, with shards 1 to 3
// apart): vitest.config.ts names those in TEST_SHARDS_IN_CONTROL, so that each database is counted once.

const inControl = new Set(
  String((env as unknown as { TEST_SHARDS_IN_CONTROL?: string }).TEST_SHARDS_IN_CONTROL ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number),
);

/** Whether wallet shard `shard` is the control database itself in this project. */
export const shardIsControl = (shard: number): boolean => inControl.has(shard);

/**
 * Row counts as each binding sees them, from the rows written in each role: `control` rows of the control
 * database's own, `shards[k]` rows of shard k. A shard that is the control database itself sees both its rows and
 * the control database's, and so does the control database: a test states where a row belongs, this says what
 * every binding then counts, in any layout.
 */
export function seenByBindings(control: number, shards: number[]): { control: number; shards: number[] } {
  const shared = control + shards.reduce((sum, n, k) => (inControl.has(k) ? sum + n : sum), 0);
  return { control: shared, shards: shards.map((n, k) => (inControl.has(k) ? shared : n)) };
}

/** Every wallet shard's binding, in order (a shard bound to the control database included). */
export const walletDatabases = (): D1Database[] => walletBindings(env);

/** Each database once: the control database, then every wallet shard that is not the control database itself. */
export const allDatabases = (): D1Database[] => [env.DB, ...walletDatabases().filter((_, i) => !inControl.has(i))];

/** An account's shard, by id or username, from the control database's directory: null for an operator. */
async function playerShard(who: number | string): Promise<number | null> {
  const row = await env.DB.prepare(
    typeof who === "number"
      ? `SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`
      : `SELECT shard FROM ${quotedTable(accountDirectory)} WHERE lower(username) = lower(?)`,
  )
    .bind(who)
    .first<{ shard: number | null }>();
  if (!row) throw new Error(`no account ${who} in the directory`);
  return row.shard;
}

/** The database that holds an account's rows (by id or username): a player's shard; an operator's, the control database. */
export async function playerD1(who: number | string): Promise<D1Database> {
  const shard = await playerShard(who);
  return shard === null ? env.DB : walletDatabases()[shard];
}

/**
 * The wallet shard that wrote a row of a shard table (a request, an order, a ledger or audit row), named by its
 * id's range (worker/db/id-ranges.ts): no player is moved in these tests, so that is where the row is.
 */
export const rowD1 = (id: number): D1Database => walletDatabases()[shardOfId(id)];

/** A query's rows from each database once (control first), one list: for rows whose database a test does not know. */
export async function rowsEverywhere<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
  const out: T[] = [];
  for (const d1 of allDatabases())
    out.push(
      ...(
        await d1
          .prepare(sql)
          .bind(...params)
          .all<T>()
      ).results,
    );
  return out;
}

/** The first row a query finds in any database (see rowsEverywhere); null when none has it. */
async function firstEverywhere<T = Record<string, unknown>>(sql: string, ...params: unknown[]) {
  return (await rowsEverywhere<T>(sql, ...params))[0] ?? null;
}

/** The house's balance over every wallet shard: each shard's house row is one side of that shard's moves. */
export async function houseCents(): Promise<number> {
  let total = 0;
  for (const d1 of walletDatabases()) {
    const row = await d1
      .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = 1`)
      .first<{ money_cents: number }>();
    total += row?.money_cents ?? 0;
  }
  return total;
}

/**
 * A statement run in each database once, shaped like D1's for the rows a test reads back: all() lists every
 * database's rows (control first), first() the first of them, run() writes in each. Never for a COUNT or SUM
 * (each database answers its own): count() and sumEverywhere() add them.
 */
export function everywhere(sql: string) {
  let params: unknown[] = [];
  const statement = {
    bind(...values: unknown[]) {
      params = values;
      return statement;
    },
    async all<T = Record<string, unknown>>() {
      return { results: await rowsEverywhere<T>(sql, ...params) };
    },
    async first<T = Record<string, unknown>>() {
      return firstEverywhere<T>(sql, ...params);
    },
    async run() {
      for (const d1 of allDatabases())
        await d1
          .prepare(sql)
          .bind(...params)
          .run();
    },
  };
  return statement;
}

/** One number a query answers (a COUNT or a SUM, named `n`), added over each database once. */
export async function sumEverywhere(sql: string, ...params: unknown[]): Promise<number> {
  let total = 0;
  for (const row of await rowsEverywhere<{ n: number | null }>(sql, ...params)) total += row.n ?? 0;
  return total;
}
