import { getTableName } from "drizzle-orm";
import { quotedTable } from "../db/quoted-table";
import {
  accountDirectory,
  articles,
  auditLog,
  banners,
  booksAccountSums,
  booksCheckpoint,
  booksChecks,
  booksDays,
  booksDepartedBets,
  booksDepartedFinance,
  booksDepartedLedger,
  booksDepartedOrders,
  booksMoves,
  depositRequests,
  financeProducts,
  games,
  invitationCodes,
  ledger,
  loginAttempts,
  operatorRequests,
  payoutClaims,
  playerMoves,
  rooms,
  roundSettlements,
  rounds,
  settingRequests,
  settings,
  smsCodes,
  soloAllowances,
  users,
  withdrawalRequests,
} from "../db/schema";

// The rows a player owns in a wallet shard, read from the schema itself (docs/decisions/161 "Moving a player"):
// every table with a user_id column, the users row, the player's audit rows and the counters keyed by their id.
// A table that has none of these must be named in NO_PLAYER_ROWS, or the move refuses to run: a new table is
// never left behind by a move without someone deciding so.

/** One database as the move drives it: statements as SQL text (the script sends the same through wrangler). */
export type MoveDb = {
  all<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** several queries in one round trip, each one's rows */
  each(sqls: string[]): Promise<Record<string, unknown>[][]>;
  /** one atomic batch */
  batch(sqls: string[]): Promise<void>;
};

/** A D1 database as the move drives it: the Worker's binding, or wrangler's local one (scripts/player.mjs). */
export function d1MoveDb(d1: D1Database): MoveDb {
  return {
    all: async <T>(sql: string) => (await d1.prepare(sql).all()).results as T[],
    each: async (sqls) =>
      (await d1.batch(sqls.map((s) => d1.prepare(s)))).map((r) => r.results as Record<string, unknown>[]),
    batch: async (sqls) => {
      if (sqls.length) await d1.batch(sqls.map((s) => d1.prepare(s)));
    },
  };
}

/** Tables that hold no player's rows: the control database's own, the books' figures per database. */
export const NO_PLAYER_ROWS = new Set<string>(
  [
    accountDirectory,
    articles,
    banners,
    booksCheckpoint,
    booksChecks,
    booksDays,
    // what this database's books per day read of a player's moves in and out (worker/insight/books-rows.ts): its own
    booksDepartedBets,
    booksDepartedFinance,
    booksDepartedLedger,
    booksDepartedOrders,
    booksMoves,
    financeProducts,
    games,
    // an invitation code names its owner (an operator or nobody), never a player's money
    invitationCodes,
    operatorRequests,
    // who holds each payout account across shards: the control database's, kept by the player's id, never moved
    payoutClaims,
    rooms,
    rounds,
    // which shard paid a round: the round's, per database (docs/decisions/161), not a player's
    roundSettlements,
    settings,
    // a change of a money setting waiting for a second admin: the control database's, about operators
    settingRequests,
    smsCodes,
    // what one operator moved alone, reserved in the control database: the operator's 24 hours, not the player's
    soloAllowances,
  ].map(getTableName),
);

/** Per-account sums the books check keeps up to its checkpoint: made again in the target, never copied. */
export const RECOMPUTED = getTableName(booksAccountSums);

/**
 * Audit rows keep their ids, which are unique across every database: one already in the target is the same row.
 * A target that is the control database itself (shard 0 bound to it) holds the audit of what is not a money move,
 * some of it about the player: a copy never deletes audit rows there and never counts them.
 */
export const KEPT_IN_TARGET = getTableName(auditLog);

export type PlayerTable = {
  name: string;
  columns: string[];
  /** the player's rows: a SQL condition on the table */
  where: (userId: number) => string;
  /** tables whose rows these rows refer to: written before, deleted after */
  parents: string[];
};

/**
 * The audit rows of a player: theirs as the actor, about their account, or about their deposit and withdrawal
 * requests (migration 0024 lets exactly these be deleted while their move marker stands). The move's own row is
 * the control database's record of the move and stays.
 */
const auditRowsOf = (id: number) =>
  `(action <> 'player.move' AND (actor_id = ${id} OR target = 'user:${id}'
    OR target IN (SELECT 'deposit:' || d.id FROM ${quotedTable(depositRequests)} d WHERE d.user_id = ${id})
    OR target IN (SELECT 'withdrawal:' || w.id FROM ${quotedTable(withdrawalRequests)} w WHERE w.user_id = ${id})))`;

/** How each kind of table names a player's rows. */
function playerRows(name: string, columns: string[]): PlayerTable["where"] | undefined {
  if (name === getTableName(users)) return (id) => `id = ${id}`;
  if (name === KEPT_IN_TARGET) return auditRowsOf;
  // the password and withdrawal-password counters live with the account (worker/accounts/lockout.ts)
  if (name === getTableName(loginAttempts)) return (id) => `username IN ('passwd:${id}', 'paypwd:${id}')`;
  if (columns.includes("user_id")) return (id) => `user_id = ${id}`;
  return undefined;
}

/** The tables of a database that hold a player's rows, parents first. */
export async function playerTables(db: MoveDb): Promise<PlayerTable[]> {
  const rows = await db.all<{ name: string; columns: string; parents: string | null }>(
    `SELECT m.name AS name,
      (SELECT group_concat(c.name, ',') FROM pragma_table_info(m.name) c) AS columns,
      (SELECT group_concat(DISTINCT f."table") FROM pragma_foreign_key_list(m.name) f) AS parents
    FROM sqlite_master m WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'
      AND m.name NOT IN ('d1_migrations', ${lit(getTableName(playerMoves))}) ORDER BY m.name`,
  );
  const tables: PlayerTable[] = [];
  for (const row of rows) {
    // the control database's own tables stay, even those that name a player (where shard 0 is the control database)
    if (NO_PLAYER_ROWS.has(row.name)) continue;
    const columns = row.columns.split(",");
    const where = playerRows(row.name, columns);
    if (!where) {
      throw new Error(
        `table ${row.name}: the move does not know whether it holds a player's rows (give it a user_id column, or name it in NO_PLAYER_ROWS of worker/players/move-tables.ts)`,
      );
    }
    const parents = new Set((row.parents ?? "").split(",").filter(Boolean));
    if (row.name !== getTableName(users)) parents.add(getTableName(users));
    // the audit rows are found through the requests: deleted before them
    if (row.name === KEPT_IN_TARGET) [depositRequests, withdrawalRequests].forEach((p) => parents.add(getTableName(p)));
    parents.delete(row.name);
    tables.push({ name: row.name, columns, where, parents: [...parents] });
  }
  return parentsFirst(tables);
}

function parentsFirst(tables: PlayerTable[]): PlayerTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: PlayerTable[] = [];
  const seen = new Set<string>();
  const visit = (t: PlayerTable, path: string[]) => {
    if (seen.has(t.name)) return;
    if (path.includes(t.name)) throw new Error(`tables refer to each other: ${[...path, t.name].join(" -> ")}`);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent, [...path, t.name]);
    }
    seen.add(t.name);
    out.push(t);
  };
  for (const t of tables) visit(t, []);
  return out;
}

/** A value as a SQL literal: the script sends statements as text, so nothing is bound. */
export function lit(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a number the database holds: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`a value the move cannot copy: ${typeof value}`);
}

/**
 * A count per table of the player's rows, with their balance and ledger sum: the same in both shards once copied
 * (the audit rows aside, see KEPT_IN_TARGET; each is written with a money move, which the counts see).
 */
export function fingerprintSql(tables: PlayerTable[], userId: number): string {
  // one flat function call: D1 allows only a few terms in a compound SELECT and a shallow expression tree
  const parts = tables
    .filter((t) => t.name !== RECOMPUTED && t.name !== KEPT_IN_TARGET)
    .map((t) => `'${t.name}', (SELECT COUNT(*) FROM "${t.name}" WHERE ${t.where(userId)})`);
  parts.push(`'money', (SELECT money_cents FROM ${quotedTable(users)} WHERE id = ${userId})`);
  parts.push(`'ledger', (SELECT COALESCE(SUM(amount_cents), 0) FROM ${quotedTable(ledger)} WHERE user_id = ${userId})`);
  return `SELECT json_object(${parts.join(", ")}) AS fingerprint`;
}

/** The statements that write rows into a table, several rows a statement, each under D1's statement size. */
export function insertStatements(table: PlayerTable, rows: Record<string, unknown>[]): string[] {
  const verb = table.name === KEPT_IN_TARGET ? "INSERT OR IGNORE" : "INSERT";
  const head = `${verb} INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(", ")}) VALUES `;
  const out: string[] = [];
  let values: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${table.columns.map((c) => lit(row[c])).join(", ")})`;
    if (values.length && (size + tuple.length > 60_000 || values.length >= 100)) {
      out.push(head + values.join(", "));
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 2;
  }
  if (values.length) out.push(head + values.join(", "));
  return out;
}
