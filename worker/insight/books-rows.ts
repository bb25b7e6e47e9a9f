import { sql } from "drizzle-orm";
import {
  bets,
  booksDepartedBets,
  booksDepartedFinance,
  booksDepartedLedger,
  booksMoves,
  financeOrders,
  ledger as ledgerTable,
} from "../db/schema";

// The rows a wallet database's books per day read (docs/decisions/162). A player who moved in brings their history,
// which is the source's books: the rows a move copied in are left out, and the player's balance and locked funds
// arrive at the move's instant instead. A player who moved out leaves the rows this database booked of them in the
// books_departed_* tables, read as they were, and their balance and locked funds leave at the move's instant.
// The common table expressions are read once per query with a range on their time (SQLite pushes it into each
// part and its index); a lookup of one row goes to the tables themselves, through the fragments below.
//   bl  ledger rows: id, user_id, amount_cents, type, idempotency_key, ref, created_at_ms, move_id (the move out that
//       left a departed row, else null); each move adds a row on the players' side (type 'move', keyed as the move,
//       mirrored by the house row `<key>:house`)
//   bf  lock-up orders: id, amount_cents, from_ms (opened, or arrived), until_ms (left, or null), move_id

/** A row of a table here was copied in by a move, per the move's `through` column. */
export const copiedIn = (alias: string, through: string) =>
  sql`EXISTS (SELECT 1 FROM ${booksMoves} m WHERE m.direction = 'in' AND m.user_id = ${sql.raw(alias)}.user_id AND ${sql.raw(alias)}.id <= m.${sql.raw(through)})`;
/** A departed row had been copied in by a move before the one that took it away. */
export const departedCopy = (alias: string, through: string) =>
  sql`EXISTS (SELECT 1 FROM ${booksMoves} m WHERE m.direction = 'in' AND m.user_id = ${sql.raw(alias)}.user_id AND ${sql.raw(alias)}.id <= m.${sql.raw(through)} AND m.id < ${sql.raw(alias)}.move_id)`;
/** The latest move in that copied a lock-up order (its id, else null). */
const copiedBy = (alias: string, departed: boolean) =>
  sql`(SELECT MAX(m.id) FROM ${booksMoves} m WHERE m.direction = 'in' AND m.user_id = ${sql.raw(alias)}.user_id AND ${sql.raw(alias)}.id <= m.through_finance_id${departed ? sql` AND m.id < ${sql.raw(alias)}.move_id` : sql``})`;

/** `WITH bl, bf`: put in front of a books query that reads them (SQLite computes only those it reads). */
export const booksRows = sql`WITH
  bl AS (
    SELECT x.id, x.user_id, x.amount_cents, x.type, x.idempotency_key, x.ref, x.created_at_ms, NULL AS move_id FROM ${ledgerTable} x
      WHERE NOT ${copiedIn("x", "through_ledger_id")}
    UNION ALL
    SELECT x.id, x.user_id, x.amount_cents, x.type, x.idempotency_key, x.ref, x.created_at_ms, x.move_id FROM ${booksDepartedLedger} x
      WHERE NOT ${departedCopy("x", "through_ledger_id")}
    UNION ALL
    SELECT mv.ledger_id, mv.user_id, CASE mv.direction WHEN 'in' THEN mv.balance_cents ELSE -mv.balance_cents END, 'move',
        mv.key, NULL, mv.at_ms, NULL FROM ${booksMoves} mv WHERE mv.balance_cents <> 0),
  bf AS (
    -- a copied lock-up counts from its arrival, if its principal had not come back before the move
    SELECT f.id, f.amount_cents, MAX(f.start_at_ms, COALESCE(mi.at_ms, 0)) AS from_ms, NULL AS until_ms, NULL AS move_id
      FROM (SELECT fo.*, ${copiedBy("fo", false)} AS moved_in FROM ${financeOrders} fo) f
      LEFT JOIN ${booksMoves} mi ON mi.id = f.moved_in
      WHERE mi.id IS NULL OR NOT EXISTS (SELECT 1 FROM ${ledgerTable} p WHERE p.idempotency_key = 'principal:' || f.id
        AND p.id <= mi.through_ledger_id)
    UNION ALL
    SELECT f.id, f.amount_cents, MAX(f.start_at_ms, COALESCE(mi.at_ms, 0)), mo.at_ms, f.move_id
      FROM (SELECT df.*, ${copiedBy("df", true)} AS moved_in FROM ${booksDepartedFinance} df) f
      JOIN ${booksMoves} mo ON mo.id = f.move_id
      LEFT JOIN ${booksMoves} mi ON mi.id = f.moved_in
      WHERE mi.id IS NULL OR NOT EXISTS (SELECT 1 FROM ${booksDepartedLedger} p WHERE p.move_id = f.move_id
        AND p.idempotency_key = 'principal:' || f.id AND p.id <= mi.through_ledger_id))`;

/**
 * A players' row booked here under `key` with `amount` (SQL expressions): this database's own (not copied in), a
 * departed one, or a move's.
 */
export const playersRowBooked = (key: string, amount: string) =>
  sql`(EXISTS (SELECT 1 FROM ${ledgerTable} p WHERE p.idempotency_key = ${sql.raw(key)} AND p.amount_cents = ${sql.raw(amount)}
      AND NOT ${copiedIn("p", "through_ledger_id")})
    OR EXISTS (SELECT 1 FROM ${booksDepartedLedger} p WHERE p.idempotency_key = ${sql.raw(key)} AND p.amount_cents = ${sql.raw(amount)}
      AND NOT ${departedCopy("p", "through_ledger_id")})
    OR EXISTS (SELECT 1 FROM ${booksMoves} p WHERE p.key = ${sql.raw(key)}
      AND CASE p.direction WHEN 'in' THEN p.balance_cents ELSE -p.balance_cents END = ${sql.raw(amount)}))`;

/** The stakes of a round's decided bets booked here (`round` a SQL expression). */
export const decidedStakes = (round: string) =>
  sql`((SELECT COALESCE(SUM(x.stake_cents), 0) FROM ${bets} x WHERE x.round_id = ${sql.raw(round)} AND x.isaward IN (0, 1, 2)
      AND NOT ${copiedIn("x", "through_bet_id")})
    + (SELECT COALESCE(SUM(x.stake_cents), 0) FROM ${booksDepartedBets} x WHERE x.round_id = ${sql.raw(round)} AND x.isaward IN (0, 1, 2)
      AND NOT ${departedCopy("x", "through_bet_id")}))`;

/**
 * The first instant this database booked (null: none yet): its own first ledger row, a departed one, or a move's
 * (a balance or lock-ups arriving). Each part reads a time index in order, stopping at the first row that counts.
 */
export const firstBooked = sql`SELECT MIN(at) AS at FROM (
    SELECT (SELECT x.created_at_ms FROM ${ledgerTable} x WHERE NOT ${copiedIn("x", "through_ledger_id")}
      ORDER BY x.created_at_ms LIMIT 1) AS at
    UNION ALL SELECT (SELECT x.created_at_ms FROM ${booksDepartedLedger} x WHERE NOT ${departedCopy("x", "through_ledger_id")}
      ORDER BY x.created_at_ms LIMIT 1)
    UNION ALL SELECT (SELECT MIN(at_ms) FROM ${booksMoves} WHERE balance_cents <> 0 OR finance_cents <> 0))`;

/**
 * Rows booked here with an id past `throughLedgerId` and a time before `beforeMs`, on one side: the rows written
 * after a day closed but dated before the next day. Searched by id (what was written since), not by time; a
 * departed row can only be late if its move came after the day before began.
 */
export function lateRowsSql(throughLedgerId: number, beforeMs: number, house: boolean, houseId: number) {
  const side = house ? sql`+x.user_id = ${houseId}` : sql`+x.user_id <> ${houseId}`;
  const ledger = sql`SELECT x.id, x.amount_cents FROM ${ledgerTable} x WHERE x.id > ${throughLedgerId}
    AND +x.created_at_ms < ${beforeMs} AND ${side} AND NOT ${copiedIn("x", "through_ledger_id")}`;
  if (house) return sql`SELECT id, amount_cents AS cents FROM (${ledger}) ORDER BY id`;
  return sql`SELECT id, amount_cents AS cents FROM (${ledger}
    UNION ALL SELECT x.id, x.amount_cents FROM ${booksDepartedLedger} x
      WHERE x.move_id IN (SELECT id FROM ${booksMoves} WHERE direction = 'out' AND at_ms >= ${beforeMs - 2 * 86_400_000})
        AND x.id > ${throughLedgerId} AND x.created_at_ms < ${beforeMs} AND NOT ${departedCopy("x", "through_ledger_id")}
    UNION ALL SELECT mv.ledger_id, CASE mv.direction WHEN 'in' THEN mv.balance_cents ELSE -mv.balance_cents END
      FROM ${booksMoves} mv WHERE mv.ledger_id > ${throughLedgerId} AND mv.at_ms < ${beforeMs} AND mv.balance_cents <> 0)
    ORDER BY id`;
}

/** Locked funds that arrived (+) or left (-) with the moves of [fromMs, toMs): the lock-up orders' own movement. */
export const movedFinance = (fromMs: number, toMs: number) =>
  sql`SELECT COALESCE(SUM(CASE direction WHEN 'in' THEN finance_cents ELSE -finance_cents END), 0) AS cents
    FROM ${booksMoves} WHERE at_ms >= ${fromMs} AND at_ms < ${toMs}`;
