import type { ControlDb, WalletDb } from "../db/client";
import { and, count, eq, sql } from "drizzle-orm";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { summedByKey } from "../db/every-shard";
import { dayOf, drawDays } from "./draw-days";
import { toMoney } from "#shared/money";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { bets as betsTable, users, rounds as roundsTable, rooms, ledger } from "../db/schema";

// Rounds history and daily totals (docs/product.md#operators), computed from the bets and the ledger each time:
// no separate counters that could drift from the books.
export const ROUNDS_PAGE_SIZE = 20;
const TOTALS_DAYS = 14;

type RoundRow = {
  id: number;
  seqno: number;
  commit: string;
  seed: string | null;
  numbers: string | null;
  status: string;
  drawAtMs: number;
  voidReason: string | null;
  voidNote: string | null;
  voidedBy: string | null;
  bets: number;
  turnover: number;
  payouts: number;
  inPlay: number;
  refunded: number;
};

// Turnover is the stakes played out (won or lost), payouts what the winners got, the house result the
// difference: all three counted once a round is drawn. A stake awaiting its draw is neither turnover
// nor house winnings yet: it is shown apart as "in play". Refunds and cancellations count nowhere.
const PLAYED = sql.raw("b.isaward IN (0, 1)");

/** One room's rounds, newest first, each with its bets, turnover, payouts, the house result (drawn rounds) and stakes in play. */
const roundKeys = [sql.raw("r.seqno")];
export const roomRoundKey = (row: { seqno: number }) => [row.seqno];
export const ROOM_ROUND_KEY_WIDTH = 1;

type RoundBets = { key: number; bets: number; turnover: number; payouts: number; inPlay: number; refunded: number };

/** The bets of some rounds, summed per round over every wallet shard (docs/decisions/161): the rounds are in `control`. */
function betsOfRounds(shards: WalletDb[], roundIds: number[]) {
  return summedByKey<number, RoundBets>(
    shards,
    sql`SELECT b.round_id AS "key", COUNT(b.id) AS bets,
      COALESCE(SUM(CASE WHEN ${PLAYED} THEN b.stake_cents ELSE 0 END), 0) AS turnover,
      COALESCE(SUM(CASE WHEN b.isaward = 1 THEN b.award_cents ELSE 0 END), 0) AS payouts,
      COALESCE(SUM(CASE WHEN b.isaward = -1 THEN b.stake_cents ELSE 0 END), 0) AS inPlay,
      COALESCE(SUM(CASE WHEN b.isaward = 2 THEN b.stake_cents ELSE 0 END), 0) AS refunded
    FROM ${betsTable} b WHERE b.round_id IN (SELECT value FROM json_each(${JSON.stringify(roundIds)})) GROUP BY b.round_id`,
  );
}

export async function roomRounds(control: ControlDb, shards: WalletDb[], roomId: number, at: PageAt) {
  const keyset = keysetWhere(roundKeys, at, "desc");
  const { limit, offset } = keysetLimit(at);
  const rounds = await control.all<Omit<RoundRow, keyof Omit<RoundBets, "key">>>(sql`SELECT r.id, r.seqno,
      r."commit" AS "commit", r.seed, r.numbers, r.status, r.draw_at_ms AS drawAtMs, r.void_reason AS voidReason,
      r.void_note AS voidNote, (SELECT username FROM ${users} WHERE id = r.voided_by) AS voidedBy
    FROM ${roundsTable} r
    WHERE r.room_id = ${roomId} ${keyset ? sql`AND ${keyset}` : sql``}
    ORDER BY ${sql.join(keysetOrder(roundKeys, at, "desc"), sql`, `)} LIMIT ${limit} OFFSET ${offset}`);
  const bets = await betsOfRounds(
    shards,
    rounds.map((r) => r.id),
  );
  const none = { bets: 0, turnover: 0, payouts: 0, inPlay: 0, refunded: 0 };
  const rows: RoundRow[] = rounds.map((r) => ({ ...r, ...none, ...bets.get(r.id) }));
  return rows.map((r) => ({
    id: r.id,
    seqno: r.seqno,
    commit: r.commit,
    seed: r.status === "open" ? null : r.seed,
    numbers: r.numbers ? (JSON.parse(r.numbers) as number[]) : null,
    status: r.status,
    drawAt: r.drawAtMs,
    voidReason: r.voidReason,
    voidNote: r.voidNote,
    voidedBy: r.voidedBy,
    bets: r.bets,
    turnover: toMoney(r.turnover),
    payouts: toMoney(r.payouts),
    house: r.status === "settled" ? toMoney(r.turnover - r.payouts) : null,
    inPlay: toMoney(r.inPlay),
    // a voided round's stakes, given back: neither turnover nor in play
    refunded: toMoney(r.refunded),
  }));
}

/** How many of the room's rounds were voided, by reason (the console shows them above its rounds). */
export async function roomVoidCounts(db: ControlDb, roomId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ reason: roundsTable.voidReason, count: count() })
    .from(roundsTable)
    .where(and(eq(roundsTable.roomId, roomId), eq(roundsTable.status, "void")))
    .groupBy(roundsTable.voidReason);
  return Object.fromEntries(rows.map((r) => [r.reason ?? "seed_lost", r.count]));
}

type DayBets = { key: string; turnover: number; payouts: number; players: number };
type DayInPlay = { key: string; inPlay: number };
type DayMoney = { key: string; deposits: number; withdrawals: number };

/** Fourteen player days per page, newest first; page 1 ends today (UTC+8). Each shard's figures add up. */
export async function dailyTotals(control: ControlDb, shards: WalletDb[], page: number, nowMs: number) {
  const todayStart = dayStartMs(nowMs);
  const toMs = todayStart + DAY_MS - (page - 1) * TOTALS_DAYS * DAY_MS;
  const fromMs = toMs - TOTALS_DAYS * DAY_MS;
  const [days, open] = await Promise.all([
    drawDays(control, fromMs, toMs),
    control.get<{ ids: string }>(sql`SELECT json_group_array(id) AS ids FROM ${roundsTable}
      WHERE room_id IN (SELECT id FROM ${rooms}) AND status = 'open'`),
  ]);
  const [bets, inPlay, money] = await Promise.all([
    // by the day each round was drawn, its bets through bets_round; only a settled round's bets are played
    days
      ? summedByKey<string, DayBets>(
          shards,
          sql`SELECT ${days.ofBet} AS "key",
            SUM(CASE WHEN ${PLAYED} THEN b.stake_cents ELSE 0 END) AS turnover,
            SUM(CASE WHEN b.isaward = 1 THEN b.award_cents ELSE 0 END) AS payouts,
            COUNT(DISTINCT CASE WHEN ${PLAYED} THEN b.user_id END) AS players
          FROM ${betsTable} b WHERE b.round_id BETWEEN ${days.lo} AND ${days.hi} AND ${PLAYED} GROUP BY "key"`,
        )
      : new Map<string, DayBets>(),
    // stakes of rounds not drawn yet, by the day they were placed
    summedByKey<string, DayInPlay>(
      shards,
      sql`SELECT ${dayOf("b.created_at_ms")} AS "key", SUM(b.stake_cents) AS inPlay
      FROM ${betsTable} b WHERE b.round_id IN (SELECT value FROM json_each(${open?.ids ?? "[]"})) AND b.isaward = -1
        AND b.created_at_ms >= ${fromMs} AND b.created_at_ms < ${toMs} GROUP BY "key"`,
    ),
    summedByKey<string, DayMoney>(
      shards,
      sql`SELECT ${dayOf("created_at_ms")} AS "key",
        SUM(CASE WHEN type = 'topup' AND idempotency_key LIKE 'deposit:%' THEN amount_cents ELSE 0 END) AS deposits,
        SUM(CASE WHEN type = 'wait' THEN -amount_cents WHEN type = 'redo' AND idempotency_key LIKE 'withdraw-refund:%' THEN -amount_cents ELSE 0 END) AS withdrawals
      FROM ${ledger} WHERE user_id <> ${HOUSE_USER_ID} AND created_at_ms >= ${fromMs} AND created_at_ms < ${toMs} GROUP BY "key"`,
    ),
  ]);
  const dayList = Array.from({ length: TOTALS_DAYS }, (_, i) => formatDate(toMs - (i + 1) * DAY_MS));
  return dayList.map((d) => {
    const b = bets.get(d);
    const m = money.get(d);
    const turnover = b?.turnover ?? 0;
    const payouts = b?.payouts ?? 0;
    return {
      day: d,
      turnover: toMoney(turnover),
      payouts: toMoney(payouts),
      house: toMoney(turnover - payouts),
      inPlay: toMoney(inPlay.get(d)?.inPlay ?? 0),
      deposits: toMoney(m?.deposits ?? 0),
      withdrawals: toMoney(m?.withdrawals ?? 0),
      activePlayers: b?.players ?? 0,
    };
  });
}
