import { HOUSE_USER_ID } from "../ledger/ledger";
import { ledgerReasons } from "../ledger/reasons";
import { CLOSE_AFTER_MS } from "../insight/books-days";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { type MoveDb, lit } from "./move-tables";
import type { Table } from "drizzle-orm";
import { quotedTable } from "../db/quoted-table";
import {
  bets,
  booksDays,
  booksDepartedBets,
  booksDepartedFinance,
  booksDepartedLedger,
  booksDepartedOrders,
  booksMoves,
  financeOrders,
  ledger,
  orders,
  playerMoves,
  users,
} from "../db/schema";

// A move between wallet shards as the books see it (docs/decisions/162): the house row of each side, and the books
// per day's record of the arrival in the target and of the departure from the source, all at one instant.

/** A move under way, as its marker row in the source (and in the target once copied) holds it. */
export type Marker = {
  user_id: number;
  from_shard: number;
  to_shard: number;
  was_frozen: number;
  started_at_ms: number;
};

export type Move = { id: number; from: number; to: number; startedAtMs: number; wasFrozen: number; nowMs: number };

export type Side = "in" | "out" | "undone";

/** A side of a move as the books per day name it (books_moves.key); its house row is keyed `<key>:house`. */
const moveKey = (m: Move, side: Side) =>
  lit(side === "undone" ? `move:${m.id}:${m.startedAtMs}:in:undone` : `move:${m.id}:${m.startedAtMs}:${side}`);

/** A player's locked funds: their lock-up orders whose principal has not come back. */
const lockedSql = (id: number) =>
  `(SELECT COALESCE(SUM(o.amount_cents), 0) FROM ${quotedTable(financeOrders)} o WHERE o.user_id = ${id}
    AND NOT EXISTS (SELECT 1 FROM ${quotedTable(ledger)} p WHERE p.user_id = ${id} AND p.idempotency_key = 'principal:' || o.id))`;

/**
 * The house's side of the balance that leaves or arrives, once per move by its key: the balance is moved before
 * its ledger row is written, both only while the key is unused, so a repeated batch moves nothing.
 */
export function houseStatements(m: Move, side: Side, amountCents: number): string[] {
  if (amountCents === 0) return [];
  const key = `${moveKey(m, side)} || ':house'`;
  const reason = ledgerReasons.playerMoved(m.id, m.from, m.to);
  const unused = `NOT EXISTS (SELECT 1 FROM ${quotedTable(ledger)} WHERE idempotency_key = ${key})`;
  const guard = side === "out" ? ` AND EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id})` : "";
  return [
    `UPDATE ${quotedTable(users)} SET money_cents = money_cents + ${amountCents} WHERE id = ${HOUSE_USER_ID} AND ${unused}${guard}`,
    `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, reason_key, reason_params, ref, idempotency_key, created_at_ms)
      SELECT id, ${amountCents}, money_cents - ${amountCents}, money_cents, 'move', ${lit(reason.text)}, ${lit(reason.key)},
        ${lit(JSON.stringify(reason.params))}, ${lit(`user:${m.id}`)}, ${key}, ${m.nowMs}
      FROM ${quotedTable(users)} WHERE id = ${HOUSE_USER_ID} AND ${unused}${guard}`,
  ];
}

/**
 * The target's books per day of the arrival (in the copy's batch): the copied rows are the source's books, the
 * balance and the lock-ups still running arrive at the move's instant. Once per move, by its key.
 */
export function arrivalStatements(m: Move, balanceCents: number): string[] {
  const tables = [ledger, bets, orders, financeOrders];
  return [
    `INSERT INTO ${quotedTable(booksMoves)} (key, user_id, direction, at_ms, balance_cents, finance_cents, ledger_id,
        through_ledger_id, through_bet_id, through_order_id, through_finance_id)
      SELECT ${moveKey(m, "in")}, ${m.id}, 'in', ${m.nowMs}, ${balanceCents}, ${lockedSql(m.id)},
        (SELECT id FROM ${quotedTable(ledger)} WHERE idempotency_key = ${moveKey(m, "in")} || ':house'),
        ${tables.map((t) => `(SELECT COALESCE(MAX(id), 0) FROM ${quotedTable(t)} WHERE user_id = ${m.id})`).join(", ")}
      ON CONFLICT (key) DO NOTHING`,
  ];
}

/**
 * The books per day of the database the player leaves (the source, or a target whose copy is undone): what it booked
 * of them stays readable there (worker/insight/books-rows.ts), and their balance and lock-ups leave at the move.
 * Written only while the move marker stands, before the rows go, once per move by its key.
 */
export function departureStatements(m: Move, side: "out" | "undone"): string[] {
  const key = moveKey(m, side);
  const moving = `EXISTS (SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ${m.id})`;
  const moveId = `(SELECT id FROM ${quotedTable(booksMoves)} WHERE key = ${key})`;
  const departed = (table: Table, from: Table, columns: string) =>
    `INSERT INTO ${quotedTable(table)} (move_id, ${columns}) SELECT ${moveId}, ${columns} FROM ${quotedTable(from)}
      WHERE user_id = ${m.id} AND ${moving} AND ${moveId} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM ${quotedTable(table)} d WHERE d.move_id = ${moveId})`;
  return [
    `INSERT INTO ${quotedTable(booksMoves)} (key, user_id, direction, at_ms, balance_cents, finance_cents, ledger_id,
        through_ledger_id, through_bet_id, through_order_id, through_finance_id)
      SELECT ${key}, ${m.id}, 'out', ${m.nowMs}, money_cents, ${lockedSql(m.id)},
        (SELECT id FROM ${quotedTable(ledger)} WHERE idempotency_key = ${key} || ':house'), 0, 0, 0, 0
      FROM ${quotedTable(users)} WHERE id = ${m.id} AND ${moving} AND ${moveId} IS NULL`,
    departed(booksDepartedLedger, ledger, "id, user_id, amount_cents, type, idempotency_key, ref, created_at_ms"),
    departed(booksDepartedBets, bets, "id, order_id, user_id, round_id, stake_cents, isaward, created_at_ms"),
    departed(booksDepartedOrders, orders, "id, ordersn, user_id, total_cents, cancelled_at_ms"),
    departed(booksDepartedFinance, financeOrders, "id, user_id, amount_cents, start_at_ms"),
  ];
}

/** When the move's copy arrived in the target (its books' record of it), or null before the copy. */
export async function arrivedAt(target: MoveDb, m: Pick<Marker, "user_id" | "started_at_ms">) {
  const [row] = await target.all<{ at: number }>(
    `SELECT at_ms AS at FROM ${quotedTable(booksMoves)} WHERE key = ${lit(`move:${m.user_id}:${m.started_at_ms}:in`)}`,
  );
  return row?.at ?? null;
}

/**
 * Time a batch takes to land after the check before it, with room to spare: a day closes CLOSE_AFTER_MS after its
 * end. The check reads the run's clock (worker/players/move.ts), which moves on with the run.
 */
const LANDING_MS = 5 * 60 * 1000;

/**
 * Whether rows dated at an instant can still be booked in a database: its books have not closed that day, and will
 * not before the rows land (a day closes CLOSE_AFTER_MS after its end; nothing dated in it may commit later).
 */
export async function stillBookable(db: MoveDb, atMs: number, nowMs: number) {
  if (nowMs >= dayStartMs(atMs) + DAY_MS + CLOSE_AFTER_MS - LANDING_MS) return false;
  const [row] = await db.all<{ day: string | null }>(
    `SELECT MAX(day) AS day FROM ${quotedTable(booksDays)} WHERE status = 'closed'`,
  );
  return !row?.day || formatDate(atMs) > row.day;
}

/**
 * The instant a side of the move is booked at: the copy's own, so that both shards book the move at one instant and
 * the sum over shards never counts the player twice; now, if this database can no longer book that instant (a run
 * finished long after the copy), which keeps its closed days as they were.
 */
export async function bookedAt(db: MoveDb, copiedAt: number | null, clock: () => number) {
  if (copiedAt !== null && (await stillBookable(db, copiedAt, clock()))) return copiedAt;
  return clock();
}

/** Whether the target undid a copy made under this marker (a stopped run undid it, then stopped before the source). */
export async function copyUndone(target: MoveDb, m: Pick<Marker, "user_id" | "started_at_ms">) {
  const key = lit(`move:${m.user_id}:${m.started_at_ms}:in:undone`);
  return (await target.all(`SELECT 1 FROM ${quotedTable(booksMoves)} WHERE key = ${key}`)).length > 0;
}
