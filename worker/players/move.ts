import { ID_RANGE, idRangeBase } from "../db/id-ranges";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { ledgerReasons } from "../ledger/reasons";
import {
  type MoveDb,
  type PlayerTable,
  KEPT_IN_TARGET,
  RECOMPUTED,
  fingerprintSql,
  insertStatements,
  lit,
  playerTables,
} from "./move-tables";

// Moving a player between wallet shards (docs/decisions/161 "Moving a player", docs/deploying.md): freeze in the
// source (a marker row, the account frozen, sessions revoked), refuse while money is in flight, copy every row
// of the player into the target in one batch keeping ids, check it there, switch the directory, delete the
// source rows in one batch, unfreeze. The directory names the one authoritative copy at every step, and each
// step reads where the last run stopped from the data, so running the command again finishes a move.

/** The databases of a deployment as the move drives them: the script's wrangler or the Worker's D1 bindings. */
export type MoveLink = { control: MoveDb; shard(index: number): MoveDb; shardCount: number };

export type MoveResult = {
  status: "moved" | "already";
  userId: number;
  from: number;
  to: number;
  /** rows copied per table (empty when nothing was left to copy) */
  rows: Record<string, number>;
};

/** A move that cannot go on, in words for whoever runs the command. Nothing was changed by it. */
export class MoveRefused extends Error {}

type Marker = { user_id: number; from_shard: number; to_shard: number; was_frozen: number; started_at_ms: number };

const marker = async (db: MoveDb, id: number) =>
  (await db.all<Marker>(`SELECT * FROM player_moves WHERE user_id = ${id}`))[0];

const hasUsersRow = async (db: MoveDb, id: number) => (await db.all(`SELECT 1 FROM users WHERE id = ${id}`)).length > 0;

const fingerprint = async (db: MoveDb, tables: PlayerTable[], id: number) =>
  (await db.all<{ fingerprint: string }>(fingerprintSql(tables, id)))[0]?.fingerprint ?? "";

export async function movePlayer(link: MoveLink, username: string, to: number, nowMs: number): Promise<MoveResult> {
  if (!Number.isInteger(to) || to < 0 || to >= link.shardCount)
    throw new MoveRefused(`There is no shard ${to}: this deployment binds shards 0 to ${link.shardCount - 1}.`);
  const [entry] = await link.control.all<{ id: number; shard: number | null }>(
    `SELECT id, shard FROM account_directory WHERE lower(username) = lower(${lit(username)})`,
  );
  if (!entry) throw new MoveRefused(`No account is named ${username}.`);
  if (entry.shard === null) throw new MoveRefused(`${username} is an operator: only players live in wallet shards.`);
  const id = entry.id;
  if (entry.shard === to) {
    const left = await marker(link.shard(to), id);
    if (left && left.from_shard === to && left.to_shard !== to)
      throw new MoveRefused(
        `A move of ${username} to shard ${left.to_shard} is unfinished: run it again to that shard first.`,
      );
    return finish(link, id, to);
  }
  const from = entry.shard;
  const source = link.shard(from);
  const started = await marker(source, id);
  if (started && started.to_shard !== to)
    throw new MoveRefused(
      `A move of ${username} to shard ${started.to_shard} is unfinished: run it again to that shard first.`,
    );
  const tables = await playerTables(source);
  if (!started) {
    await refuseWhileInFlight(source, tables, id, to);
    await source.batch(freezeStatements(id, from, to, nowMs));
  }
  // Checked again once frozen: an order or a request that landed before the freeze is seen now.
  try {
    await refuseWhileInFlight(source, tables, id, to);
  } catch (refused) {
    // a copy an earlier run made in the target is undone first: the player stays whole where they are
    await abandonCopy(link, tables, id, to);
    await source.batch(unfreezeStatements(id));
    throw refused;
  }
  const { startedAtMs, wasFrozen } = await movingSince(source, id);
  const rows = await copy(link, tables, { id, from, to, startedAtMs, wasFrozen, nowMs });
  // The directory names the target from here on: the copy there is the player's.
  await link.control.batch(switchStatements(id, from, to, startedAtMs));
  const done = await finish(link, id, to);
  return { ...done, status: "moved", from, rows };
}

/** Bets awaiting their draw, requests awaiting an operator, or rows the target's id range would follow. */
async function refuseWhileInFlight(db: MoveDb, tables: PlayerTable[], id: number, to: number) {
  const [busy] = await db.all<{ bets: number; requests: number }>(`SELECT
    (SELECT COUNT(*) FROM bets WHERE user_id = ${id} AND isaward = -1) AS bets,
    (SELECT COUNT(*) FROM deposit_requests WHERE user_id = ${id} AND status = 'pending')
      + (SELECT COUNT(*) FROM withdrawal_requests WHERE user_id = ${id} AND status = 'pending')
      + (SELECT COUNT(*) FROM adjustment_requests WHERE user_id = ${id} AND status = 'pending') AS requests`);
  if (busy.bets > 0)
    throw new MoveRefused(`The player has ${busy.bets} bet(s) awaiting a draw: move the player once they are settled.`);
  if (busy.requests > 0)
    throw new MoveRefused(`The player has ${busy.requests} request(s) awaiting an operator: decide them first.`);
  // SQLite hands out the next AUTOINCREMENT id after the highest id in a table, whatever sqlite_sequence says:
  // a row from a shard above the target would carry the target's ids into that shard's range.
  const withIds = tables.filter((t) => t.columns.includes("id") && t.name !== "users");
  const [tops] = await db.all<Record<string, number | null>>(
    `SELECT ${withIds.map((t) => `(SELECT MAX(id) FROM "${t.name}" WHERE ${t.where(id)}) AS "${t.name}"`).join(", ")}`,
  );
  const top = Math.max(0, ...Object.values(tops).map((v) => v ?? 0));
  if (top >= idRangeBase(to) + ID_RANGE)
    throw new MoveRefused(
      `The player has rows written by shard ${Math.floor(top / ID_RANGE)}, above shard ${to}: their ids would carry shard ${to}'s own ids into another shard's range.`,
    );
}

function freezeStatements(id: number, from: number, to: number, nowMs: number) {
  return [
    `INSERT INTO player_moves (user_id, from_shard, to_shard, was_frozen, started_at_ms)
      SELECT id, ${from}, ${to}, frozen, ${nowMs} FROM users WHERE id = ${id} ON CONFLICT (user_id) DO NOTHING`,
    `UPDATE users SET frozen = 1 WHERE id = ${id}`,
    `UPDATE sessions SET revoked_at_ms = ${nowMs} WHERE user_id = ${id} AND revoked_at_ms IS NULL`,
  ];
}

/** The account as it was before the move (frozen by an operator stays frozen), the marker gone. */
function unfreezeStatements(id: number) {
  return [
    `UPDATE users SET frozen = (SELECT was_frozen FROM player_moves WHERE user_id = ${id})
      WHERE id = ${id} AND EXISTS (SELECT 1 FROM player_moves WHERE user_id = ${id})`,
    `DELETE FROM player_moves WHERE user_id = ${id}`,
  ];
}

async function movingSince(db: MoveDb, id: number) {
  const m = await marker(db, id);
  if (!m) throw new Error(`the move marker of player ${id} is missing in its source shard`);
  return { startedAtMs: m.started_at_ms, wasFrozen: m.was_frozen };
}

type Move = { id: number; from: number; to: number; startedAtMs: number; wasFrozen: number; nowMs: number };

/**
 * Every row of the player into the target in one batch, after whatever an interrupted run left there; the
 * house of the target takes the other side of the balance that arrives (each shard's books sum to zero).
 */
async function copy(link: MoveLink, tables: PlayerTable[], m: Move): Promise<Record<string, number>> {
  const source = link.shard(m.from);
  const target = link.shard(m.to);
  const copied = tables.filter((t) => t.name !== RECOMPUTED);
  const found = await source.each(
    copied.map(
      (t) =>
        `SELECT ${t.columns.map((c) => `"${c}"`).join(", ")} FROM "${t.name}" WHERE ${t.where(m.id)} ORDER BY rowid`,
    ),
  );
  const rows: Record<string, number> = {};
  const inserts: string[] = [];
  copied.forEach((t, i) => {
    rows[t.name] = found[i].length;
    inserts.push(...insertStatements(t, found[i]));
  });
  const [{ money }] = await source.all<{ money: number }>(`SELECT money_cents AS money FROM users WHERE id = ${m.id}`);
  await target.batch([
    `INSERT INTO player_moves (user_id, from_shard, to_shard, was_frozen, started_at_ms)
      VALUES (${m.id}, ${m.from}, ${m.to}, ${m.wasFrozen}, ${m.startedAtMs}) ON CONFLICT (user_id) DO NOTHING`,
    ...[...tables]
      .reverse()
      .filter((t) => t.name !== KEPT_IN_TARGET)
      .map((t) => `DELETE FROM "${t.name}" WHERE ${t.where(m.id)}`),
    ...inserts,
    // the books check's per-account sums stop at the target's checkpoint: the copied rows up to it are summed there
    `INSERT INTO books_account_sums (user_id, sum_cents)
      SELECT ${m.id}, COALESCE(SUM(amount_cents), 0) FROM ledger WHERE user_id = ${m.id}
        AND id <= COALESCE((SELECT through_ledger_id FROM books_checkpoint WHERE id = 1), 0)`,
    ...houseStatements(m, "in", -money),
    // the books per day of the target: the copied rows are the source's, the balance and lock-ups arrive now
    `INSERT INTO books_moves (key, user_id, direction, at_ms, balance_cents, finance_cents, ledger_id,
        through_ledger_id, through_bet_id, through_order_id, through_finance_id)
      SELECT ${moveKey(m, "in")}, ${m.id}, 'in', ${m.nowMs}, ${money}, ${lockedSql(m.id)},
        (SELECT id FROM ledger WHERE idempotency_key = ${moveKey(m, "in")} || ':house'),
        ${["ledger", "bets", "orders", "finance_orders"].map((t) => `(SELECT COALESCE(MAX(id), 0) FROM ${t} WHERE user_id = ${m.id})`).join(", ")}
      ON CONFLICT (key) DO NOTHING`,
  ]);
  const there = await fingerprint(target, tables, m.id);
  const here = await fingerprint(source, tables, m.id);
  if (there !== here)
    throw new Error(`the copy of player ${m.id} in shard ${m.to} differs from shard ${m.from}: ${there} / ${here}`);
  const [books] = await target.all<{ money: number; ledger: number }>(
    `SELECT money_cents AS money, (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger WHERE user_id = ${m.id}) AS ledger FROM users WHERE id = ${m.id}`,
  );
  if (books.money !== books.ledger)
    throw new Error(`player ${m.id} in shard ${m.to}: balance ${books.money} is not their ledger's ${books.ledger}`);
  return rows;
}

type Side = "in" | "out" | "undone";

/** A side of a move as the books per day name it (books_moves.key); its house row is keyed `<key>:house`. */
const moveKey = (m: Move, side: Side) =>
  lit(side === "undone" ? `move:${m.id}:${m.startedAtMs}:in:undone` : `move:${m.id}:${m.startedAtMs}:${side}`);

/** A player's locked funds: their lock-up orders whose principal has not come back. */
const lockedSql = (id: number) =>
  `(SELECT COALESCE(SUM(o.amount_cents), 0) FROM finance_orders o WHERE o.user_id = ${id}
    AND NOT EXISTS (SELECT 1 FROM ledger p WHERE p.user_id = ${id} AND p.idempotency_key = 'principal:' || o.id))`;

/**
 * The house's side of the balance that leaves or arrives, once per move by its key: the balance is moved before
 * its ledger row is written, both only while the key is unused, so a repeated batch moves nothing.
 */
function houseStatements(m: Move, side: Side, amountCents: number): string[] {
  if (amountCents === 0) return [];
  const key = `${moveKey(m, side)} || ':house'`;
  const reason = ledgerReasons.playerMoved(m.id, m.from, m.to);
  const unused = `NOT EXISTS (SELECT 1 FROM ledger WHERE idempotency_key = ${key})`;
  const guard = side === "out" ? ` AND EXISTS (SELECT 1 FROM player_moves WHERE user_id = ${m.id})` : "";
  return [
    `UPDATE users SET money_cents = money_cents + ${amountCents} WHERE id = ${HOUSE_USER_ID} AND ${unused}${guard}`,
    `INSERT INTO ledger (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT id, ${amountCents}, money_cents - ${amountCents}, money_cents, 'move', ${lit(reason.text)}, ${lit(reason.key)},
        ${lit(JSON.stringify(reason.params))}, ${lit(`user:${m.id}`)}, ${key}, ${m.nowMs}
      FROM users WHERE id = ${HOUSE_USER_ID} AND ${unused}${guard}`,
  ];
}

/**
 * Undoes a copy an interrupted run left in a target the directory never named: the player's rows there go (their
 * audit rows stay, see KEPT_IN_TARGET), and the house row that took the other side of the copied balance is
 * reversed by a row of its own, once.
 */
async function abandonCopy(link: MoveLink, tables: PlayerTable[], id: number, to: number) {
  const target = link.shard(to);
  const m = await marker(target, id);
  if (!m) return;
  const key = `move:${id}:${m.started_at_ms}:in:house`;
  const [arrived] = await target.all<{ amount: number }>(
    `SELECT amount_cents AS amount FROM ledger WHERE idempotency_key = ${lit(key)}`,
  );
  const move: Move = {
    id,
    from: m.from_shard,
    to,
    startedAtMs: m.started_at_ms,
    wasFrozen: m.was_frozen,
    nowMs: Date.now(),
  };
  await target.batch([
    ...houseStatements(move, "undone", arrived ? -arrived.amount : 0),
    ...departureStatements(move, "undone"),
    ...[...tables]
      .reverse()
      .filter((t) => t.name !== KEPT_IN_TARGET)
      .map((t) => `DELETE FROM "${t.name}" WHERE ${t.where(id)}`),
    `DELETE FROM player_moves WHERE user_id = ${id}`,
  ]);
}

/**
 * The books per day of the database the player leaves (the source, or a target whose copy is undone): what it booked
 * of them stays readable there (worker/insight/books-rows.ts), and their balance and lock-ups leave at the move.
 * Written only while the move marker stands, before the rows go, once per move by its key.
 */
function departureStatements(m: Move, side: "out" | "undone"): string[] {
  const key = moveKey(m, side);
  const moving = `EXISTS (SELECT 1 FROM player_moves WHERE user_id = ${m.id})`;
  const moveId = `(SELECT id FROM books_moves WHERE key = ${key})`;
  const departed = (table: string, from: string, columns: string) =>
    `INSERT INTO ${table} (move_id, ${columns}) SELECT ${moveId}, ${columns} FROM ${from}
      WHERE user_id = ${m.id} AND ${moving} AND ${moveId} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${table} d WHERE d.move_id = ${moveId})`;
  return [
    `INSERT INTO books_moves (key, user_id, direction, at_ms, balance_cents, finance_cents, ledger_id,
        through_ledger_id, through_bet_id, through_order_id, through_finance_id)
      SELECT ${key}, ${m.id}, 'out', ${m.nowMs}, money_cents, ${lockedSql(m.id)},
        (SELECT id FROM ledger WHERE idempotency_key = ${key} || ':house'), 0, 0, 0, 0
      FROM users WHERE id = ${m.id} AND ${moving} AND ${moveId} IS NULL`,
    departed("books_departed_ledger", "ledger", "id, user_id, amount_cents, type, idempotency_key, ref, created_at_ms"),
    departed("books_departed_bets", "bets", "id, order_id, user_id, round_id, stake_cents, isaward, created_at_ms"),
    departed("books_departed_orders", "orders", "id, ordersn, user_id, total_cents, cancelled_at_ms"),
    departed("books_departed_finance", "finance_orders", "id, user_id, amount_cents, start_at_ms"),
  ];
}

/** The directory names the target, with the move's audit row, once. */
function switchStatements(id: number, from: number, to: number, startedAtMs: number) {
  return [
    `UPDATE account_directory SET shard = ${to} WHERE id = ${id} AND shard = ${from}`,
    `INSERT INTO audit_log (actor_id, action, target, before, after, created_at_ms)
      SELECT NULL, 'player.move', 'user:${id}', '{"shard":${from}}', '{"shard":${to}}', ${startedAtMs}
      WHERE EXISTS (SELECT 1 FROM account_directory WHERE id = ${id} AND shard = ${to})
        AND NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'player.move' AND target = 'user:${id}' AND created_at_ms = ${startedAtMs})`,
  ];
}

/**
 * The directory names `to`: deletes what is left in the source (only while it still matches the copy), then
 * unfreezes the player there. A player with no move under way is already where they were asked to go.
 */
async function finish(link: MoveLink, id: number, to: number): Promise<MoveResult> {
  const target = link.shard(to);
  const m = await marker(target, id);
  if (!m) return { status: "already", userId: id, from: to, to, rows: {} };
  const source = link.shard(m.from_shard);
  const move: Move = {
    id,
    from: m.from_shard,
    to,
    startedAtMs: m.started_at_ms,
    wasFrozen: m.was_frozen,
    nowMs: Date.now(),
  };
  if (m.from_shard !== to && (await hasUsersRow(source, id))) await deleteSource(link, move);
  await target.batch(unfreezeStatements(id));
  return { status: "moved", userId: id, from: m.from_shard, to, rows: {} };
}

async function deleteSource(link: MoveLink, m: Move) {
  const source = link.shard(m.from);
  const target = link.shard(m.to);
  const tables = await playerTables(source);
  const copied = await fingerprint(target, tables, m.id);
  const [{ money }] = await target.all<{ money: number }>(`SELECT money_cents AS money FROM users WHERE id = ${m.id}`);
  const moving = `EXISTS (SELECT 1 FROM player_moves WHERE user_id = ${m.id})`;
  await source.batch([
    `INSERT INTO player_moves (user_id, from_shard, to_shard, was_frozen, started_at_ms)
      VALUES (${m.id}, ${m.from}, ${m.to}, ${m.wasFrozen}, ${m.startedAtMs}) ON CONFLICT (user_id) DO NOTHING`,
    // rows that changed here after the copy (an operator's credit) would be lost: then nothing is deleted
    `DELETE FROM player_moves WHERE user_id = ${m.id} AND (${fingerprintSql(tables, m.id)}) IS NOT ${lit(copied)}`,
    ...houseStatements(m, "out", money),
    ...departureStatements(m, "out"),
    ...[...tables].reverse().map((t) => `DELETE FROM "${t.name}" WHERE (${t.where(m.id)}) AND ${moving}`),
    `DELETE FROM player_moves WHERE user_id = ${m.id}`,
  ]);
  if (await hasUsersRow(source, m.id))
    throw new Error(
      `player ${m.id}'s rows in shard ${m.from} changed after they were copied to shard ${m.to}, which the directory now names: nothing was deleted in shard ${m.from}; compare the two and carry the difference over by hand`,
    );
}
