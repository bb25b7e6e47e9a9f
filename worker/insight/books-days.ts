import type { ControlDb, WalletDb } from "../db/client";
import { and, desc, eq, gte, lte, max, min, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { HOUSE_USER_ID } from "../ledger/ledger";
import {
  booksRows,
  copiedIn,
  decidedStakes,
  departedCopy,
  firstBooked,
  lateRowsSql,
  movedFinance,
  playersRowBooked,
} from "./books-rows";
import { DAY_MS, dayStartMs, formatDate, parseDate } from "#shared/days";
import {
  rounds as roundsTable,
  ledger,
  booksDepartedLedger,
  booksDays,
  orders as ordersTable,
  bets as betsTable,
  booksDepartedBets,
  booksDepartedOrders,
} from "../db/schema";

// The books per day for the accountant (docs/operations.md#the-books-per-day): for each player day (UTC+8)
// the opening balances of the players, the house, the stakes in play and the locked finance, the day's
// movements by kind, and the closing. A day closes once it is over: its figures are kept in books_days
// (closed rows cannot change, a trigger refuses it) and the next day opens from them. A day that does
// not balance refuses to close and names the rows that break it; later days wait behind it.
// Stakes in play come from the bets and locked finance from the lock-up orders, not from the ledger,
// so each closing is checked against a second source. A player's move between wallet databases is booked at its
// instant on both sides, their history staying in the books that booked it (worker/insight/books-rows.ts).

/** How long after its end a day waits before it closes: every batch dated inside it has committed by then. */
export const CLOSE_AFTER_MS = 15 * 60 * 1000;
/** Days one run closes at most (a new deployment catches up a week a minute). */
const DAYS_PER_RUN = 7;
/** Rows named per problem. */
const ROWS_NAMED = 20;

export type Figures = { playersCents: number; houseCents: number; inPlayCents: number; financeCents: number };
export type Movement = { side: "players" | "house"; kind: string; cents: number; rows: number };
export type DayProblem =
  | { kind: "previous-not-closed"; day: string }
  | { kind: "opening"; line: keyof Figures; closedCents: number; booksCents: number; ledgerIds: number[] }
  | { kind: "sum"; closing: Figures }
  | { kind: "unpaired"; ledgerId: number; userId: number; amountCents: number; key: string }
  | { kind: "round"; roundId: number; type: string; ledgerCents: number; betsCents: number; ledgerIds: number[] }
  | { kind: "finance"; openingCents: number; movedCents: number; closingCents: number };
export type DayStatement = {
  day: string;
  opening: Figures;
  movements: Movement[];
  closing: Figures;
  throughLedgerId: number;
  problems: DayProblem[];
};

/**
 * The rounds in play at an instant, from the control database where rounds are (docs/decisions/161): opened
 * before it and not settled by then, as a JSON array of ids for a wallet shard's query.
 */
async function roundsInPlayAt(control: ControlDb, atMs: number) {
  const row = await control.get<{ ids: string }>(sql`SELECT json_group_array(id) AS ids FROM ${roundsTable}
    WHERE (status = 'open' OR settled_at_ms >= ${atMs}) AND open_at_ms < ${atMs}`);
  return row?.ids ?? "[]";
}

/**
 * The stakes in play at an instant: bets booked here placed before it whose round had not settled and that were
 * not cancelled by then (this database's own bets and those a move out left behind).
 */
async function inPlayAt(db: WalletDb, control: ControlDb, atMs: number) {
  const rounds = await roundsInPlayAt(control, atMs);
  const inPlay = (bets: SQLiteTable, orders: SQLiteTable, sameMove: string, copied: SQL) =>
    sql`SELECT COALESCE(SUM(b.stake_cents), 0) FROM ${bets} b LEFT JOIN ${orders} o ON o.id = b.order_id${sql.raw(sameMove)}
      WHERE b.round_id IN (SELECT value FROM json_each(${rounds})) AND b.created_at_ms < ${atMs}
        AND NOT (b.isaward = 3 AND o.cancelled_at_ms < ${atMs}) AND NOT ${copied}`;
  const row = await db.get<{
    cents: number;
  }>(sql`SELECT (${inPlay(betsTable, ordersTable, "", copiedIn("b", "through_bet_id"))})
      + (${inPlay(booksDepartedBets, booksDepartedOrders, " AND o.move_id = b.move_id", departedCopy("b", "through_bet_id"))}) AS cents`);
  return row?.cents ?? 0;
}

/** Locked finance at an instant: orders opened (or arrived) before it, not left by then, whose principal had not come back. */
async function financeAt(db: WalletDb, atMs: number) {
  const row = await db.get<{
    cents: number;
  }>(sql`${booksRows} SELECT COALESCE(SUM(o.amount_cents), 0) AS cents FROM bf o
    WHERE o.from_ms < ${atMs} AND (o.until_ms IS NULL OR o.until_ms >= ${atMs})
      AND NOT EXISTS (SELECT 1 FROM ${ledger} l WHERE o.move_id IS NULL AND l.idempotency_key = 'principal:' || o.id AND l.created_at_ms < ${atMs})
      AND NOT EXISTS (SELECT 1 FROM ${booksDepartedLedger} l WHERE l.move_id = o.move_id AND l.idempotency_key = 'principal:' || o.id AND l.created_at_ms < ${atMs})`);
  return row?.cents ?? 0;
}

type StoredDay = Figures & { day: string; status: string; throughLedgerId: number };

const closingFields = {
  playersCents: booksDays.playersCloseCents,
  houseCents: booksDays.houseCloseCents,
  inPlayCents: booksDays.inPlayCloseCents,
  financeCents: booksDays.financeCloseCents,
};

async function storedDay(db: WalletDb, day: string): Promise<StoredDay | undefined> {
  return db
    .select({
      day: booksDays.day,
      status: booksDays.status,
      throughLedgerId: booksDays.throughLedgerId,
      ...closingFields,
    })
    .from(booksDays)
    .where(eq(booksDays.day, day))
    .get();
}

/**
 * Rows of the day with no other side: a movement with the house has its mirror (key:house, the
 * opposite amount); a stake or its cancellation matches its order; a round's awards and refunds sum to
 * zero with the house's row and its stakes row matches the bets it settled. The day's rows are those booked here
 * (worker/insight/books-rows.ts); the house's rows are always this database's own.
 */
async function unbalancedRows(db: WalletDb, fromMs: number, toMs: number): Promise<DayProblem[]> {
  const inDay = sql`l.created_at_ms >= ${fromMs} AND l.created_at_ms < ${toMs}`;
  const ofStakes = sql`(l.idempotency_key LIKE 'bet:%' OR l.idempotency_key LIKE 'cancel:%')`;
  const [mirrors, houseRows, stakes, rounds] = await Promise.all([
    db.all<{
      ledgerId: number;
      userId: number;
      amountCents: number;
      key: string;
    }>(sql`${booksRows} SELECT l.id AS ledgerId, l.user_id AS userId,
        l.amount_cents AS amountCents, l.idempotency_key AS key FROM bl l
      LEFT JOIN ${ledger} m ON m.idempotency_key = l.idempotency_key || ':house'
      WHERE ${inDay} AND l.user_id <> ${HOUSE_USER_ID} AND NOT ${ofStakes} AND (l.ref IS NULL OR l.ref NOT LIKE 'round:%')
        AND (m.id IS NULL OR m.amount_cents <> -l.amount_cents OR m.user_id <> ${HOUSE_USER_ID})
      ORDER BY l.id LIMIT ${ROWS_NAMED}`),
    db.all<{
      ledgerId: number;
      userId: number;
      amountCents: number;
      key: string;
    }>(sql`SELECT l.id AS ledgerId, l.user_id AS userId,
        l.amount_cents AS amountCents, l.idempotency_key AS key FROM ${ledger} l
      WHERE ${inDay} AND l.user_id = ${HOUSE_USER_ID} AND (l.ref IS NULL OR l.ref NOT LIKE 'round:%')
        AND NOT (l.idempotency_key LIKE '%:house'
          AND ${playersRowBooked("substr(l.idempotency_key, 1, length(l.idempotency_key) - 6)", "-l.amount_cents")})
      ORDER BY l.id LIMIT ${ROWS_NAMED}`),
    db.all<{
      ledgerId: number;
      userId: number;
      amountCents: number;
      key: string;
    }>(sql`${booksRows} SELECT l.id AS ledgerId, l.user_id AS userId,
        l.amount_cents AS amountCents, l.idempotency_key AS key FROM bl l
      LEFT JOIN ${ordersTable} ob ON l.move_id IS NULL AND l.idempotency_key LIKE 'bet:%' AND ob.ordersn = substr(l.idempotency_key, 5)
      LEFT JOIN ${ordersTable} oc ON l.move_id IS NULL AND l.idempotency_key LIKE 'cancel:%' AND oc.id = CAST(substr(l.idempotency_key, 8) AS INTEGER)
      LEFT JOIN ${booksDepartedOrders} db ON db.move_id = l.move_id AND l.idempotency_key LIKE 'bet:%' AND db.ordersn = substr(l.idempotency_key, 5)
      LEFT JOIN ${booksDepartedOrders} dc ON dc.move_id = l.move_id AND l.idempotency_key LIKE 'cancel:%' AND dc.id = CAST(substr(l.idempotency_key, 8) AS INTEGER)
      WHERE ${inDay} AND ${ofStakes} AND (COALESCE(ob.id, oc.id, db.id, dc.id) IS NULL
        OR COALESCE(ob.user_id, oc.user_id, db.user_id, dc.user_id) <> l.user_id
        OR l.amount_cents <> CASE WHEN COALESCE(ob.id, db.id) IS NOT NULL THEN -COALESCE(ob.total_cents, db.total_cents)
          ELSE COALESCE(oc.total_cents, dc.total_cents) END)
      ORDER BY l.id LIMIT ${ROWS_NAMED}`),
    // per round and kind: awards and refunds net to zero with the house, the stakes row equals the bets decided
    db.all<{
      roundId: number;
      type: string;
      ledgerCents: number;
      betsCents: number;
      ids: string;
    }>(sql`${booksRows} SELECT g.roundId, g.type, g.ledgerCents,
        CASE g.type WHEN 'bet' THEN ${decidedStakes("g.roundId")} ELSE 0 END AS betsCents,
        g.ids
      FROM (SELECT CAST(substr(l.ref, 7) AS INTEGER) AS roundId, l.type, SUM(l.amount_cents) AS ledgerCents, group_concat(l.id) AS ids
        FROM bl l WHERE ${inDay} AND l.ref LIKE 'round:%' GROUP BY l.ref, l.type) g
      WHERE g.ledgerCents <> CASE g.type WHEN 'bet' THEN ${decidedStakes("g.roundId")} ELSE 0 END
      LIMIT ${ROWS_NAMED}`),
  ]);
  return [
    ...[...mirrors, ...houseRows, ...stakes].map((r) => ({ kind: "unpaired" as const, ...r })),
    ...rounds.map((r) => ({
      kind: "round" as const,
      roundId: r.roundId,
      type: r.type,
      ledgerCents: r.ledgerCents,
      betsCents: r.betsCents,
      ledgerIds: r.ids.split(",").slice(0, ROWS_NAMED).map(Number),
    })),
  ];
}

/**
 * The day's statement of one database's books (a wallet shard; rounds read from `control`) and what keeps it
 * from closing (nothing, when it may close).
 */
async function dayStatement(db: WalletDb, control: ControlDb, day: string): Promise<DayStatement> {
  const fromMs = parseDate(day);
  if (fromMs === null) throw new RangeError(`not a day: ${day}`);
  const toMs = fromMs + DAY_MS;
  const previousDay = formatDate(fromMs - DAY_MS);
  const [previous, earlier, inPlayStart, financeStart, inPlayEnd, financeEnd, moved, top, financeMoved] =
    await Promise.all([
      storedDay(db, previousDay),
      db.get<{ one: number } | undefined>(
        sql`${booksRows} SELECT 1 AS one FROM bl WHERE created_at_ms < ${fromMs} LIMIT 1`,
      ),
      inPlayAt(db, control, fromMs),
      financeAt(db, fromMs),
      inPlayAt(db, control, toMs),
      financeAt(db, toMs),
      db.all<Movement>(sql`${booksRows} SELECT CASE WHEN user_id = ${HOUSE_USER_ID} THEN 'house' ELSE 'players' END AS side, type AS kind,
        SUM(amount_cents) AS cents, COUNT(*) AS rows
      FROM bl WHERE created_at_ms >= ${fromMs} AND created_at_ms < ${toMs} GROUP BY side, type ORDER BY side DESC, type`),
      // every row written so far: a row written after this and dated before the day's end is late
      db
        .select({ id: max(ledger.id) })
        .from(ledger)
        .get(),
      db.get<{ cents: number }>(movedFinance(fromMs, toMs)),
    ]);
  const problems: DayProblem[] = [];
  const closedBefore = previous?.status === "closed" ? previous : null;
  let opening: Figures;
  if (closedBefore) {
    opening = pick(closedBefore);
    // The ledger is append-only: its sums before this day can only have moved by rows written after
    // the day before closed but dated inside it or earlier.
    for (const line of ["playersCents", "houseCents"] as const) {
      const late = await lateRows(db, closedBefore.throughLedgerId, fromMs, line);
      if (late.ids.length)
        problems.push({
          kind: "opening",
          line,
          closedCents: closedBefore[line],
          booksCents: closedBefore[line] + late.cents,
          ledgerIds: late.ids,
        });
    }
    for (const [line, now] of [
      ["inPlayCents", inPlayStart],
      ["financeCents", financeStart],
    ] as const) {
      if (closedBefore[line] !== now)
        problems.push({ kind: "opening", line, closedCents: closedBefore[line], booksCents: now, ledgerIds: [] });
    }
  } else {
    // The first day of the books opens from nothing; a later day whose day before is not closed is
    // summed from the ledger (the slow way, shown but never closed).
    if (earlier) problems.push({ kind: "previous-not-closed", day: previousDay });
    const sums = earlier ? await ledgerSumsBefore(db, fromMs) : { playersCents: 0, houseCents: 0 };
    opening = { ...sums, inPlayCents: inPlayStart, financeCents: financeStart };
  }
  const sideSum = (side: Movement["side"]) =>
    moved.filter((m) => m.side === side).reduce((total, m) => total + m.cents, 0);
  const closing: Figures = {
    playersCents: opening.playersCents + sideSum("players"),
    houseCents: opening.houseCents + sideSum("house"),
    inPlayCents: inPlayEnd,
    financeCents: financeEnd,
  };
  if (closing.playersCents + closing.houseCents + closing.inPlayCents !== 0) problems.push({ kind: "sum", closing });
  // Locking funds is a player's "stake" row, its return a "principal" row, and a player's move brings or takes
  // their lock-ups: the orders must move by as much.
  const playersMoved = (kind: string) => moved.find((m) => m.side === "players" && m.kind === kind)?.cents ?? 0;
  const lockedMoved = -playersMoved("stake") - playersMoved("principal") + (financeMoved?.cents ?? 0);
  if (opening.financeCents + lockedMoved !== closing.financeCents) {
    problems.push({
      kind: "finance",
      openingCents: opening.financeCents,
      movedCents: lockedMoved,
      closingCents: closing.financeCents,
    });
  }
  problems.push(...(await unbalancedRows(db, fromMs, toMs)));
  return { day, opening, movements: moved, closing, throughLedgerId: top?.id ?? 0, problems };
}

async function ledgerSumsBefore(db: WalletDb, beforeMs: number) {
  const sums = await db.get<{ players: number; house: number }>(sql`${booksRows} SELECT
      COALESCE(SUM(CASE WHEN user_id <> ${HOUSE_USER_ID} THEN amount_cents END), 0) AS players,
      COALESCE(SUM(CASE WHEN user_id = ${HOUSE_USER_ID} THEN amount_cents END), 0) AS house
    FROM bl WHERE created_at_ms < ${beforeMs}`);
  return { playersCents: sums?.players ?? 0, houseCents: sums?.house ?? 0 };
}

const pick = (f: Figures): Figures => ({
  playersCents: f.playersCents,
  houseCents: f.houseCents,
  inPlayCents: f.inPlayCents,
  financeCents: f.financeCents,
});

async function lateRows(db: WalletDb, throughLedgerId: number, beforeMs: number, line: "playersCents" | "houseCents") {
  const rows = await db.all<{ id: number; cents: number }>(
    lateRowsSql(throughLedgerId, beforeMs, line === "houseCents", HOUSE_USER_ID),
  );
  return { ids: rows.slice(0, ROWS_NAMED).map((r) => r.id), cents: rows.reduce((total, r) => total + r.cents, 0) };
}

/**
 * When a database's books began, to the day: its first stored day, once it has one (the first day to close is the
 * day of its first booked instant), else that instant (null: nothing booked yet).
 */
export async function booksBeganAt(db: WalletDb): Promise<number | null> {
  const stored = await db
    .select({ day: min(booksDays.day) })
    .from(booksDays)
    .get();
  if (stored?.day) return parseDate(stored.day);
  const row = await db.get<{ at: number | null }>(firstBooked);
  return row?.at ?? null;
}

/** The next day to close: the day after the last closed one, else the day of the first ledger row. */
async function nextDayToClose(db: WalletDb): Promise<string | null> {
  const last = await db
    .select({ day: max(booksDays.day) })
    .from(booksDays)
    .where(eq(booksDays.status, "closed"))
    .get();
  if (last?.day) return formatDate(parseDate(last.day)! + DAY_MS);
  const first = await db.get<{ at: number | null }>(firstBooked);
  return first?.at == null ? null : formatDate(first.at);
}

function storeStatement(db: WalletDb, s: DayStatement, nowMs: number) {
  const status = s.problems.length === 0 ? "closed" : "refused";
  return db.run(sql`INSERT INTO ${booksDays} (day, status, players_open_cents, house_open_cents, in_play_open_cents, finance_open_cents,
      players_close_cents, house_close_cents, in_play_close_cents, finance_close_cents, movements, problems, through_ledger_id, at_ms)
    VALUES (${s.day}, ${status}, ${s.opening.playersCents}, ${s.opening.houseCents}, ${s.opening.inPlayCents}, ${s.opening.financeCents},
      ${s.closing.playersCents}, ${s.closing.houseCents}, ${s.closing.inPlayCents}, ${s.closing.financeCents},
      ${JSON.stringify(s.movements)}, ${JSON.stringify(s.problems)}, ${s.throughLedgerId}, ${nowMs})
    ON CONFLICT (day) DO UPDATE SET status = excluded.status, players_open_cents = excluded.players_open_cents,
      house_open_cents = excluded.house_open_cents, in_play_open_cents = excluded.in_play_open_cents, finance_open_cents = excluded.finance_open_cents,
      players_close_cents = excluded.players_close_cents, house_close_cents = excluded.house_close_cents,
      in_play_close_cents = excluded.in_play_close_cents, finance_close_cents = excluded.finance_close_cents,
      movements = excluded.movements, problems = excluded.problems, through_ledger_id = excluded.through_ledger_id, at_ms = excluded.at_ms
    WHERE ${booksDays}.status = 'refused'`);
}

/**
 * Closes every finished day not closed yet, oldest first (at most DAYS_PER_RUN a run): a day that does
 * not balance is kept as refused with its problems, logged as an error line, and stops the run.
 */
export async function closeBooksDays(db: WalletDb, nowMs: number, control: ControlDb) {
  const closed: string[] = [];
  let day = await nextDayToClose(db);
  while (day && closed.length < DAYS_PER_RUN && parseDate(day)! + DAY_MS + CLOSE_AFTER_MS <= nowMs) {
    const statement = await dayStatement(db, control, day);
    await storeStatement(db, statement, nowMs);
    if (statement.problems.length > 0) {
      console.error(
        JSON.stringify({
          books: "day refused to close",
          day,
          problems: statement.problems.slice(0, 10),
          count: statement.problems.length,
        }),
      );
      return { closed, refused: statement };
    }
    closed.push(day);
    day = formatDate(parseDate(day)! + DAY_MS);
  }
  return { closed, refused: null };
}

/** The cron's call for one database's books: nothing to do until the day after the last closed one is over. */
export async function closeBooksDaysWhenDue(db: WalletDb, nowMs: number, control: ControlDb) {
  const next = await nextDayToClose(db);
  if (!next || parseDate(next)! + DAY_MS + CLOSE_AFTER_MS > nowMs) return null;
  return closeBooksDays(db, nowMs, control);
}

type DayRow = Figures & {
  day: string;
  status: string;
  playersOpenCents: number;
  houseOpenCents: number;
  inPlayOpenCents: number;
  financeOpenCents: number;
  movements: string;
  problems: string;
  atMs: number;
};

/** Stored days between two dates (both included), newest first, as the console and the CSV read them. */
export async function storedDays(db: WalletDb, fromDay: string, toDay: string) {
  const rows: DayRow[] = await db
    .select({
      day: booksDays.day,
      status: booksDays.status,
      playersOpenCents: booksDays.playersOpenCents,
      houseOpenCents: booksDays.houseOpenCents,
      inPlayOpenCents: booksDays.inPlayOpenCents,
      financeOpenCents: booksDays.financeOpenCents,
      ...closingFields,
      movements: booksDays.movements,
      problems: booksDays.problems,
      atMs: booksDays.atMs,
    })
    .from(booksDays)
    .where(and(gte(booksDays.day, fromDay), lte(booksDays.day, toDay)))
    .orderBy(desc(booksDays.day));
  return rows.map((r) => ({
    day: r.day,
    status: r.status as "closed" | "refused",
    atMs: r.atMs,
    opening: {
      playersCents: r.playersOpenCents,
      houseCents: r.houseOpenCents,
      inPlayCents: r.inPlayOpenCents,
      financeCents: r.financeOpenCents,
    },
    closing: pick(r),
    movements: JSON.parse(r.movements) as Movement[],
    problems: JSON.parse(r.problems) as DayProblem[],
  }));
}

/** Today so far (the day is open): its statement up to now, which must equal the live books check. */
export async function todaySoFar(db: WalletDb, nowMs: number, control: ControlDb) {
  return dayStatement(db, control, formatDate(dayStartMs(nowMs)));
}
