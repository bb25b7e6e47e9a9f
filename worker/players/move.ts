import { getTableName } from "drizzle-orm";
import { ID_RANGE, idRangeBase } from "../db/id-ranges";
import { quotedTable } from "../db/quoted-table";
import {
  accountDirectory,
  adjustmentRequests,
  auditLog,
  bets,
  booksAccountSums,
  booksCheckpoint,
  booksMoves,
  depositRequests,
  ledger,
  playerMoves,
  sessions,
  users,
  withdrawalRequests,
} from "../db/schema";
import {
  type Marker,
  type Move,
  arrivedAt,
  bookedAt,
  copyUndone,
  stillBookable,
  departureStatements,
  houseStatements,
  arrivalStatements,
} from "./move-books";
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

const marker = async (db: MoveDb, id: number) =>
  (await db.all<Marker>(`SELECT * FROM ${quotedTable(playerMoves)} WHERE user_id = ${id}`))[0];

const hasUsersRow = async (db: MoveDb, id: number) =>
  (await db.all(`SELECT 1 FROM ${quotedTable(users)} WHERE id = ${id}`)).length > 0;

const fingerprint = async (db: MoveDb, tables: PlayerTable[], id: number) =>
  (await db.all<{ fingerprint: string }>(fingerprintSql(tables, id)))[0]?.fingerprint ?? "";

export async function movePlayer(link: MoveLink, username: string, to: number, nowMs: number): Promise<MoveResult> {
  if (!Number.isInteger(to) || to < 0 || to >= link.shardCount)
    throw new MoveRefused(`There is no shard ${to}: this deployment binds shards 0 to ${link.shardCount - 1}.`);
  const [entry] = await link.control.all<{ id: number; shard: number | null }>(
    `SELECT id, shard FROM ${quotedTable(accountDirectory)} WHERE lower(username) = lower(${lit(username)})`,
  );
  if (!entry) throw new MoveRefused(`No account is named ${username}.`);
  if (entry.shard === null) throw new MoveRefused(`${username} is an operator: only players live in wallet shards.`);
  const id = entry.id;
  const clock = runClock(nowMs);
  if (entry.shard === to) {
    const left = await marker(link.shard(to), id);
    if (left && left.from_shard === to && left.to_shard !== to)
      throw new MoveRefused(
        `A move of ${username} to shard ${left.to_shard} is unfinished: run it again to that shard first.`,
      );
    return finish(link, id, to, clock);
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
    // two runs at once: the one whose marker the freeze wrote goes on, the other stops here and changes nothing
    const ours = await marker(source, id);
    if (!ours || ours.to_shard !== to) throw anotherRun(username);
  }
  // Checked again once frozen: an order or a request that landed before the freeze is seen now.
  try {
    await refuseWhileInFlight(source, tables, id, to);
  } catch (refused) {
    // a copy an earlier run made in the target is undone first: the player stays whole where they are
    const stopped = await marker(source, id);
    if (stopped) await abandonCopy(link, tables, id, to, stopped.started_at_ms, clock);
    await source.batch(unfreezeStatements(id));
    throw refused;
  }
  await redoStaleCopy(link, tables, { id, from, to, nowMs }, clock);
  const moving = await marker(source, id);
  if (!moving) throw anotherRun(username);
  const { started_at_ms: startedAtMs, was_frozen: wasFrozen } = moving;
  const rows = await copy(link, tables, { id, from, to, startedAtMs, wasFrozen, nowMs });
  // The directory names the target from here on: the copy there is the player's.
  await link.control.batch(switchStatements(id, from, to, startedAtMs));
  const done = await finish(link, id, to, clock);
  return { ...done, status: "moved", from, rows };
}

/**
 * A copy an earlier run left in the target is made again, under a new start, when it no longer matches the source
 * (an operator's credit landed in between) or the source can no longer book the departure at the copy's instant (its
 * day is closed there): undone in the target first, then the source's marker started again from now, in one batch.
 * A copy a stopped run already undid, before it could start the marker again, is started again the same way: a copy
 * under the old start would meet its used keys and write no house row or record.
 */
async function redoStaleCopy(
  link: MoveLink,
  tables: PlayerTable[],
  m: { id: number; from: number; to: number; nowMs: number },
  clock: Clock,
) {
  const target = link.shard(m.to);
  const source = link.shard(m.from);
  const started = await marker(source, m.id);
  if (!started) return;
  const earlier = await marker(target, m.id);
  if (earlier) {
    const [there, here] = [await fingerprint(target, tables, m.id), await fingerprint(source, tables, m.id)];
    const copiedAt = await arrivedAt(target, earlier);
    if (there === here && (copiedAt === null || (await stillBookable(source, copiedAt, clock())))) return;
    await abandonCopy(link, tables, m.id, m.to, started.started_at_ms, clock);
  } else if (!(await copyUndone(target, started))) return;
  // only while the marker is still the one judged here: another run may have started the move again meanwhile
  await guardedBatch(
    source,
    `EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id} AND started_at_ms = ${started.started_at_ms})`,
    [...unfreezeStatements(m.id), ...freezeStatements(m.id, m.from, m.to, m.nowMs)],
    anotherRun(`player ${m.id}`),
  );
}

/** Bets awaiting their draw, requests awaiting an operator, or rows the target's id range would follow. */
async function refuseWhileInFlight(db: MoveDb, tables: PlayerTable[], id: number, to: number) {
  const [busy] = await db.all<{ bets: number; requests: number }>(`SELECT
    (SELECT COUNT(*) FROM ${quotedTable(bets)} WHERE user_id = ${id} AND isaward = -1) AS bets,
    (SELECT COUNT(*) FROM ${quotedTable(depositRequests)} WHERE user_id = ${id} AND status = 'pending')
      + (SELECT COUNT(*) FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ${id} AND status = 'pending')
      + (SELECT COUNT(*) FROM ${quotedTable(adjustmentRequests)} WHERE user_id = ${id} AND status = 'pending') AS requests`);
  if (busy.bets > 0)
    throw new MoveRefused(`The player has ${busy.bets} bet(s) awaiting a draw: move the player once they are settled.`);
  if (busy.requests > 0)
    throw new MoveRefused(`The player has ${busy.requests} request(s) awaiting an operator: decide them first.`);
  // SQLite hands out the next AUTOINCREMENT id after the highest id in a table, whatever sqlite_sequence says:
  // a row from a shard above the target would carry the target's ids into that shard's range.
  const withIds = tables.filter((t) => t.columns.includes("id") && t.name !== getTableName(users));
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
    `INSERT INTO ${quotedTable(playerMoves)} (user_id, from_shard, to_shard, was_frozen, started_at_ms)
      SELECT id, ${from}, ${to}, frozen, ${nowMs} FROM ${quotedTable(users)} WHERE id = ${id} ON CONFLICT (user_id) DO NOTHING`,
    `UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ${id}`,
    `UPDATE ${quotedTable(sessions)} SET revoked_at_ms = ${nowMs} WHERE user_id = ${id} AND revoked_at_ms IS NULL`,
  ];
}

/** The account as it was before the move (frozen by an operator stays frozen), the marker gone. */
function unfreezeStatements(id: number) {
  return [
    `UPDATE ${quotedTable(users)} SET frozen = (SELECT was_frozen FROM ${quotedTable(playerMoves)} WHERE user_id = ${id})
      WHERE id = ${id} AND EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${id})`,
    `DELETE FROM ${quotedTable(playerMoves)} WHERE user_id = ${id}`,
  ];
}

/** The run's time: its given instant, moved on by the time the run has taken (tests give past instants). */
type Clock = () => number;
const runClock = (nowMs: number): Clock => {
  const wallStart = Date.now();
  return () => nowMs + (Date.now() - wallStart);
};

const anotherRun = (who: string) =>
  new MoveRefused(`Another run is moving ${who} or has just moved them: run the command again once it is done.`);

/**
 * A batch that writes only while `condition` holds when it runs, in the same transaction: a first statement breaks
 * the move marker's NOT NULL unless it holds, which aborts the batch; the refusal is thrown then.
 */
async function guardedBatch(db: MoveDb, condition: string, statements: string[], refusal: MoveRefused) {
  try {
    await db.batch([
      `INSERT INTO ${quotedTable(playerMoves)} (user_id, from_shard, to_shard, was_frozen, started_at_ms)
        SELECT -1, NULL, 0, 0, 0 WHERE NOT (${condition})`,
      ...statements,
    ]);
  } catch (error) {
    const [{ holds }] = await db.all<{ holds: number }>(`SELECT (${condition}) AS holds`);
    if (!holds) throw refusal;
    throw error;
  }
}

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
  const [{ money }] = await source.all<{ money: number }>(
    `SELECT money_cents AS money FROM ${quotedTable(users)} WHERE id = ${m.id}`,
  );
  // Written only while the player is not in the target with no move under way (another run finished the move:
  // a copy now would put back the rows read before) and no record of this arrival holds another balance (the source
  // changed under this run: its next run makes the copy again).
  const inKey = lit(`move:${m.id}:${m.startedAtMs}:in`);
  await guardedBatch(
    target,
    `NOT (EXISTS (SELECT 1 FROM ${quotedTable(users)} WHERE id = ${m.id}) AND NOT EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id}))
      AND NOT EXISTS (SELECT 1 FROM ${quotedTable(booksMoves)} WHERE key = ${inKey} AND balance_cents <> ${money})`,
    [
      `INSERT INTO ${quotedTable(playerMoves)} (user_id, from_shard, to_shard, was_frozen, started_at_ms)
      VALUES (${m.id}, ${m.from}, ${m.to}, ${m.wasFrozen}, ${m.startedAtMs}) ON CONFLICT (user_id) DO NOTHING`,
      ...[...tables]
        .reverse()
        .filter((t) => t.name !== KEPT_IN_TARGET)
        .map((t) => `DELETE FROM "${t.name}" WHERE ${t.where(m.id)}`),
      ...inserts,
      // the books check's per-account sums stop at the target's checkpoint: the copied rows up to it are summed there
      `INSERT INTO ${quotedTable(booksAccountSums)} (user_id, sum_cents)
      SELECT ${m.id}, COALESCE(SUM(amount_cents), 0) FROM ${quotedTable(ledger)} WHERE user_id = ${m.id}
        AND id <= COALESCE((SELECT through_ledger_id FROM ${quotedTable(booksCheckpoint)} WHERE id = 1), 0)`,
      ...houseStatements(m, "in", -money),
      ...arrivalStatements(m, money),
    ],
    new MoveRefused(
      `Player ${m.id} changed while being copied, or another run moved them: run the command again once it is done.`,
    ),
  );
  const there = await fingerprint(target, tables, m.id);
  const here = await fingerprint(source, tables, m.id);
  if (there !== here)
    throw new Error(`the copy of player ${m.id} in shard ${m.to} differs from shard ${m.from}: ${there} / ${here}`);
  const [books] = await target.all<{ money: number; ledger: number }>(
    `SELECT money_cents AS money, (SELECT COALESCE(SUM(amount_cents), 0) FROM ${quotedTable(ledger)} WHERE user_id = ${m.id}) AS ledger FROM ${quotedTable(users)} WHERE id = ${m.id}`,
  );
  if (books.money !== books.ledger)
    throw new Error(`player ${m.id} in shard ${m.to}: balance ${books.money} is not their ledger's ${books.ledger}`);
  return rows;
}

/**
 * Undoes a copy an interrupted run left in a target the directory never named: the player's rows there go, their
 * audit rows by the ids the copy gave them (a target's own audit rows stay, see KEPT_IN_TARGET: the console would
 * list a copy left behind beside the source's row), and the house row that took the other side of the copied
 * balance is reversed by a row of its own, once.
 */
async function abandonCopy(
  link: MoveLink,
  tables: PlayerTable[],
  id: number,
  to: number,
  startedAtMs: number,
  clock: Clock,
) {
  const target = link.shard(to);
  const m = await marker(target, id);
  if (!m || m.started_at_ms !== startedAtMs) return;
  const key = `move:${id}:${m.started_at_ms}:in:house`;
  const [arrived] = await target.all<{ amount: number }>(
    `SELECT amount_cents AS amount FROM ${quotedTable(ledger)} WHERE idempotency_key = ${lit(key)}`,
  );
  const move: Move = {
    id,
    from: m.from_shard,
    to,
    startedAtMs: m.started_at_ms,
    wasFrozen: m.was_frozen,
    nowMs: await bookedAt(target, await arrivedAt(target, m), clock),
  };
  // every id in the source is unique across databases: no audit row of the target's own (the control database's,
  // where shard 0 is it) is among them
  const audit = tables.find((t) => t.name === KEPT_IN_TARGET);
  const copiedAudit = audit
    ? await link
        .shard(m.from_shard)
        .all<{ id: number }>(`SELECT id FROM ${quotedTable(auditLog)} WHERE ${audit.where(id)}`)
    : [];
  const auditDeletes: string[] = [];
  for (let i = 0; i < copiedAudit.length; i += 500)
    auditDeletes.push(
      `DELETE FROM ${quotedTable(auditLog)} WHERE id IN (${copiedAudit
        .slice(i, i + 500)
        .map((r) => r.id)
        .join(", ")})`,
    );
  // only the copy judged here: another run may have undone it and copied again meanwhile
  await guardedBatch(
    target,
    `EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${id} AND started_at_ms = ${startedAtMs})`,
    [
      ...houseStatements(move, "undone", arrived ? -arrived.amount : 0),
      ...departureStatements(move, "undone"),
      ...auditDeletes,
      ...[...tables]
        .reverse()
        .filter((t) => t.name !== KEPT_IN_TARGET)
        .map((t) => `DELETE FROM "${t.name}" WHERE ${t.where(id)}`),
      `DELETE FROM ${quotedTable(playerMoves)} WHERE user_id = ${id}`,
    ],
    anotherRun(`player ${id}`),
  );
}

/** The directory names the target, with the move's audit row, once. */
function switchStatements(id: number, from: number, to: number, startedAtMs: number) {
  return [
    `UPDATE ${quotedTable(accountDirectory)} SET shard = ${to} WHERE id = ${id} AND shard = ${from}`,
    `INSERT INTO ${quotedTable(auditLog)} (actor_id, action, target, before, after, created_at_ms)
      SELECT NULL, 'player.move', 'user:${id}', '{"shard":${from}}', '{"shard":${to}}', ${startedAtMs}
      WHERE EXISTS (SELECT 1 FROM ${quotedTable(accountDirectory)} WHERE id = ${id} AND shard = ${to})
        AND NOT EXISTS (SELECT 1 FROM ${quotedTable(auditLog)} WHERE action = 'player.move' AND target = 'user:${id}' AND created_at_ms = ${startedAtMs})`,
  ];
}

/**
 * The directory names `to`: deletes what is left in the source (only while it still matches the copy), then
 * unfreezes the player there. A player with no move under way is already where they were asked to go.
 */
async function finish(link: MoveLink, id: number, to: number, clock: Clock): Promise<MoveResult> {
  const target = link.shard(to);
  const m = await marker(target, id);
  if (!m) return { status: "already", userId: id, from: to, to, rows: {} };
  const source = link.shard(m.from_shard);
  if (m.from_shard !== to && (await hasUsersRow(source, id)))
    await deleteSource(link, {
      id,
      from: m.from_shard,
      to,
      startedAtMs: m.started_at_ms,
      wasFrozen: m.was_frozen,
      nowMs: await bookedAt(source, await arrivedAt(target, m), clock),
    });
  await target.batch(unfreezeStatements(id));
  return { status: "moved", userId: id, from: m.from_shard, to, rows: {} };
}

async function deleteSource(link: MoveLink, m: Move) {
  const source = link.shard(m.from);
  const target = link.shard(m.to);
  const tables = await playerTables(source);
  const copied = await fingerprint(target, tables, m.id);
  const [{ money }] = await target.all<{ money: number }>(
    `SELECT money_cents AS money FROM ${quotedTable(users)} WHERE id = ${m.id}`,
  );
  const moving = `EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id})`;
  await source.batch([
    `INSERT INTO ${quotedTable(playerMoves)} (user_id, from_shard, to_shard, was_frozen, started_at_ms)
      VALUES (${m.id}, ${m.from}, ${m.to}, ${m.wasFrozen}, ${m.startedAtMs}) ON CONFLICT (user_id) DO NOTHING`,
    // rows that changed here after the copy (an operator's credit) would be lost: then nothing is deleted
    `DELETE FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id} AND (${fingerprintSql(tables, m.id)}) IS NOT ${lit(copied)}`,
    ...houseStatements(m, "out", money),
    ...departureStatements(m, "out"),
    ...[...tables].reverse().map((t) => `DELETE FROM "${t.name}" WHERE (${t.where(m.id)}) AND ${moving}`),
    `DELETE FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id}`,
  ]);
  if (await hasUsersRow(source, m.id))
    throw new Error(
      `player ${m.id}'s rows in shard ${m.from} changed after they were copied to shard ${m.to}, which the directory now names: nothing was deleted in shard ${m.from}; compare the two and carry the difference over by hand`,
    );
}
