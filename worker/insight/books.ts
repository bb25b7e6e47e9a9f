import type { ControlDb, WalletDb } from "../db/client";
import type { BooksCheck, BooksProblem as BooksProblemAnswer } from "#shared/answers/console-insight";
import type { Databases } from "../db/databases";
import { and, desc, eq, gt, lt, max, ne, sql } from "drizzle-orm";
import { runInOneBatch } from "../db/batch";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { formatDate } from "#shared/days";
import { toMoney } from "#shared/money";
import {
  booksCheckpoint,
  ledger,
  booksAccountSums,
  rounds as roundsTable,
  rooms,
  users,
  bets,
  financeOrders,
  booksChecks,
} from "../db/schema";

// The money invariants of docs/product.md#money with docs/decisions/110, checked by the cron on the live data
// (docs/decisions/136): every balance equals the sum of its ledger rows; all balances, house included,
// plus the stakes in play sum to zero; no player balance is negative; no house row books a round that
// is still open. The ledger is summed per account up to a checkpoint moved once a day, so a check reads
// the accounts and only the ledger rows written since.

/** Minutes between two checks; the cron runs every minute and skips until this much has passed. */
const BOOKS_CHECK_MINUTES = 5;
/**
 * A check is late when a shard's last one is older than the interval and this: the cron runs every minute and
 * checks a shard once its last check is about BOOKS_CHECK_MINUTES old, so a gap past it means the cron did not run.
 */
const LATE_AFTER_MS = 2 * 60_000;
/** Rows that disagree kept with a failed check (the first ones by account). */
const PROBLEM_ROWS = 50;
/** Passing checks are kept this long; failed ones stay. */
const KEEP_PASSED_MS = 7 * 24 * 60 * 60 * 1000;

export type BooksProblem =
  | { kind: "balance"; userId: number; balanceCents: number; ledgerCents: number }
  | { kind: "sum"; balancesCents: number; stakesInPlayCents: number }
  | { kind: "negative"; userId: number; balanceCents: number }
  | { kind: "open-round-house-row"; ledgerId: number; roundId: number };

type Checkpoint = { throughLedgerId: number; day: string };

async function checkpoint(db: WalletDb): Promise<Checkpoint> {
  const row = await db
    .select({ throughLedgerId: booksCheckpoint.throughLedgerId, day: booksCheckpoint.day })
    .from(booksCheckpoint)
    .where(eq(booksCheckpoint.id, 1))
    .get();
  return row ?? { throughLedgerId: 0, day: "" };
}

/**
 * Moves the checkpoint to the newest ledger row, once per player day: the per-account sums gain the
 * rows between the old and the new mark. Guarded by the old mark, so two runs at once add them once.
 */
async function moveCheckpoint(db: WalletDb, nowMs: number): Promise<Checkpoint> {
  const current = await checkpoint(db);
  const today = formatDate(nowMs);
  if (current.day === today) return current;
  const top = await db
    .select({ id: max(ledger.id) })
    .from(ledger)
    .get();
  const through = top?.id ?? 0;
  const old = current.throughLedgerId;
  const unmoved = sql`COALESCE((SELECT through_ledger_id FROM ${booksCheckpoint} WHERE id = 1), 0) = ${old}`;
  await runInOneBatch(db, [
    db.run(sql`INSERT INTO ${booksAccountSums} (user_id, sum_cents)
      SELECT user_id, SUM(amount_cents) FROM ${ledger} WHERE id > ${old} AND id <= ${through} AND ${unmoved} GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET sum_cents = sum_cents + excluded.sum_cents`),
    db.run(sql`INSERT INTO ${booksCheckpoint} (id, through_ledger_id, day, moved_at_ms) SELECT 1, ${through}, ${today}, ${nowMs} WHERE ${unmoved}
      ON CONFLICT (id) DO UPDATE SET through_ledger_id = excluded.through_ledger_id, day = excluded.day, moved_at_ms = excluded.moved_at_ms`),
  ]);
  return checkpoint(db);
}

/**
 * The rounds still open, from the control database where rounds are (docs/decisions/161), as JSON arrays of
 * ids for a shard's query: every open round (its bets not yet settled in a shard are in play) and those not
 * drawn yet (no house row may name them: a drawn round's shards settle one by one).
 */
async function openRounds(control: ControlDb) {
  const row = await control.get<{ open: string; undrawn: string }>(sql`SELECT json_group_array(id) AS open,
      json_group_array(id) FILTER (WHERE numbers IS NULL) AS undrawn
    FROM ${roundsTable} WHERE room_id IN (SELECT id FROM ${rooms}) AND status = 'open'`);
  return row ?? { open: "[]", undrawn: "[]" };
}

/**
 * One check of one database's books (a wallet shard; the rounds read from `control`, the same database where
 * there is one): the figures, the rows that disagree, stored as a books_checks row in it and returned.
 */
async function checkBooks(db: WalletDb, nowMs: number, control: ControlDb) {
  const [mark, rounds] = await Promise.all([moveCheckpoint(db, nowMs), openRounds(control)]);
  const through = mark.throughLedgerId;
  const [balances, totals, negatives, openRoundRows, summed] = await Promise.all([
    db.all<{
      userId: number;
      balanceCents: number;
      ledgerCents: number;
    }>(sql`SELECT u.id AS userId, u.money_cents AS balanceCents,
        COALESCE(s.sum_cents, 0) + COALESCE(d.delta, 0) AS ledgerCents
      FROM ${users} u
      LEFT JOIN ${booksAccountSums} s ON s.user_id = u.id
      LEFT JOIN (SELECT user_id, SUM(amount_cents) AS delta FROM ${ledger} WHERE id > ${through} GROUP BY user_id) d ON d.user_id = u.id
      WHERE u.money_cents <> COALESCE(s.sum_cents, 0) + COALESCE(d.delta, 0)
      ORDER BY u.id LIMIT ${PROBLEM_ROWS}`),
    db.get<{ balancesCents: number; stakesInPlayCents: number; financePrincipalCents: number }>(sql`SELECT
        (SELECT COALESCE(SUM(money_cents), 0) FROM ${users}) AS balancesCents,
        (SELECT COALESCE(SUM(stake_cents), 0) FROM ${bets}
          WHERE round_id IN (SELECT value FROM json_each(${rounds.open})) AND isaward = -1) AS stakesInPlayCents,
        (SELECT COALESCE(SUM(amount_cents), 0) FROM ${financeOrders} WHERE status = 'active') AS financePrincipalCents`),
    db
      .select({ userId: users.id, balanceCents: users.moneyCents })
      .from(users)
      .where(and(lt(users.moneyCents, 0), ne(users.id, HOUSE_USER_ID), ne(users.role, "house")))
      .orderBy(users.id)
      .limit(PROBLEM_ROWS),
    // Settlement books the house's side of a round; before it, no house row may name the round.
    db.all<{
      ledgerId: number;
      roundId: number;
    }>(sql`SELECT l.id AS ledgerId, CAST(substr(l.ref, 7) AS INTEGER) AS roundId
      FROM ${ledger} l WHERE l.id > ${through} AND l.user_id = ${HOUSE_USER_ID} AND l.ref LIKE 'round:%'
        AND CAST(substr(l.ref, 7) AS INTEGER) IN (SELECT value FROM json_each(${rounds.undrawn})) LIMIT ${PROBLEM_ROWS}`),
    db.$count(ledger, gt(ledger.id, through)),
  ]);
  const problems: BooksProblem[] = [
    ...balances.map((r) => ({ kind: "balance" as const, ...r })),
    ...negatives.map((r) => ({ kind: "negative" as const, ...r })),
    ...openRoundRows.map((r) => ({ kind: "open-round-house-row" as const, ...r })),
  ];
  if (totals!.balancesCents + totals!.stakesInPlayCents !== 0) {
    problems.push({ kind: "sum", balancesCents: totals!.balancesCents, stakesInPlayCents: totals!.stakesInPlayCents });
  }
  const result = {
    checkedAtMs: nowMs,
    ok: problems.length === 0,
    throughLedgerId: through,
    rowsSummed: summed,
    ...totals!,
    problems,
  };
  await runInOneBatch(db, [
    db.insert(booksChecks).values({
      checkedAtMs: nowMs,
      ok: result.ok ? 1 : 0,
      throughLedgerId: through,
      rowsSummed: result.rowsSummed,
      balancesCents: result.balancesCents,
      stakesInPlayCents: result.stakesInPlayCents,
      financePrincipalCents: result.financePrincipalCents,
      problems: JSON.stringify(problems),
    }),
    db.delete(booksChecks).where(and(eq(booksChecks.ok, 1), lt(booksChecks.checkedAtMs, nowMs - KEEP_PASSED_MS))),
  ]);
  if (!result.ok)
    console.error(
      JSON.stringify({
        books: "check failed",
        checkedAtMs: nowMs,
        problems: problems.slice(0, 10),
        count: problems.length,
      }),
    );
  return result;
}

/** The cron's call: a check of each wallet shard whose last one is at least BOOKS_CHECK_MINUTES old. */
export async function checkBooksWhenDue(dbs: Databases, nowMs: number) {
  const control = dbs.controlPrimary;
  return Promise.all(
    dbs.wallets.map(async (_, shard) => {
      const db = dbs.walletPrimary(shard);
      const last = await db
        .select({ at: max(booksChecks.checkedAtMs) })
        .from(booksChecks)
        .get();
      // a little slack: cron minutes do not start on the exact millisecond
      if (last?.at != null && nowMs - last.at < BOOKS_CHECK_MINUTES * 60_000 - 5_000) return null;
      return checkBooks(db, nowMs, control);
    }),
  );
}

/** A check of every wallet shard now (the console's button): each shard's books on their own. */
export const checkEveryShard = (dbs: Databases, nowMs: number) =>
  Promise.all(dbs.wallets.map((_, shard) => checkBooks(dbs.walletPrimary(shard), nowMs, dbs.controlPrimary)));

type CheckRow = {
  checkedAtMs: number;
  ok: number;
  rowsSummed: number;
  balancesCents: number;
  stakesInPlayCents: number;
  financePrincipalCents: number;
  problems: string;
};

const sumOf = (rows: CheckRow[], pick: (r: CheckRow) => number) => rows.reduce((n, r) => n + pick(r), 0);

/**
 * The last check of each wallet shard as the console shows it (docs/decisions/161): each shard's books sum to
 * zero on their own, and the totals are the sums of the shards' figures, checked as of the oldest of them.
 * `late` (docs/decisions/172): a check was due and did not run, a shard never checked or its last check older
 * than the interval and a slack; the console says so instead of showing an old result as today's.
 */
export async function lastBooksCheck(shards: WalletDb[], nowMs = Date.now()): Promise<BooksCheck> {
  const lasts: (CheckRow | undefined)[] = await Promise.all(
    shards.map((db) =>
      db
        .select({
          checkedAtMs: booksChecks.checkedAtMs,
          ok: booksChecks.ok,
          rowsSummed: booksChecks.rowsSummed,
          balancesCents: booksChecks.balancesCents,
          stakesInPlayCents: booksChecks.stakesInPlayCents,
          financePrincipalCents: booksChecks.financePrincipalCents,
          problems: booksChecks.problems,
        })
        .from(booksChecks)
        .orderBy(desc(booksChecks.id))
        .limit(1)
        .get(),
    ),
  );
  const checked = lasts.filter((row): row is CheckRow => row !== undefined);
  if (!checked.length) return { checked: false as const, everyMinutes: BOOKS_CHECK_MINUTES };
  const dueBy = nowMs - BOOKS_CHECK_MINUTES * 60_000 - LATE_AFTER_MS;
  const late = checked.length < lasts.length || checked.some((r) => r.checkedAtMs < dueBy);
  const perShard = lasts.map((row, shard) =>
    row
      ? {
          shard,
          checked: true,
          at: row.checkedAtMs,
          ok: row.ok === 1,
          balances: toMoney(row.balancesCents),
          stakesInPlay: toMoney(row.stakesInPlayCents),
          financePrincipal: toMoney(row.financePrincipalCents),
          problems: (JSON.parse(row.problems) as BooksProblem[]).map((p) => ({ ...problemView(p), shard })),
        }
      : { shard, checked: false },
  );
  const balancesCents = sumOf(checked, (r) => r.balancesCents);
  const stakesInPlayCents = sumOf(checked, (r) => r.stakesInPlayCents);
  const whole = checked.length === lasts.length;
  return {
    checked: true as const,
    everyMinutes: BOOKS_CHECK_MINUTES,
    at: Math.min(...checked.map((r) => r.checkedAtMs)),
    late,
    // every shard checked sound and, once every shard is checked, the whole deployment's balances and stakes in
    // play sum to zero; a shard not checked yet is late, not wrong
    ok: checked.every((r) => r.ok === 1) && (!whole || balancesCents + stakesInPlayCents === 0),
    rowsSummed: sumOf(checked, (r) => r.rowsSummed),
    balances: toMoney(balancesCents),
    stakesInPlay: toMoney(stakesInPlayCents),
    financePrincipal: toMoney(sumOf(checked, (r) => r.financePrincipalCents)),
    problems: perShard.flatMap((s) => s.problems ?? []),
    shards: perShard,
  };
}

/** A problem as the console reads it: money as decimals (its shard is added by the caller). */
function problemView(p: BooksProblem): BooksProblemAnswer {
  switch (p.kind) {
    case "balance":
      return { kind: p.kind, userId: p.userId, balance: toMoney(p.balanceCents), ledger: toMoney(p.ledgerCents) };
    case "negative":
      return { kind: p.kind, userId: p.userId, balance: toMoney(p.balanceCents) };
    case "sum":
      return { kind: p.kind, balances: toMoney(p.balancesCents), stakesInPlay: toMoney(p.stakesInPlayCents) };
    case "open-round-house-row":
      return { kind: p.kind, ledgerId: p.ledgerId, roundId: p.roundId };
  }
}
