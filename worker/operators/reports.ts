import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { HOUSE_USER_ID } from "../ledger/ledger";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { toMoney } from "#shared/money";
import { DAY_MS, PLAYER_OFFSET_MS, dayStartMs, formatDate } from "#shared/days";

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

export async function roomRounds(db: Db, roomId: number, at: PageAt) {
  const keyset = keysetWhere(roundKeys, at, "desc");
  const { limit, offset } = keysetLimit(at);
  const rows =
    await db.all<RoundRow>(sql`SELECT r.id, r.seqno, r."commit" AS "commit", r.seed, r.numbers, r.status, r.draw_at_ms AS drawAtMs,
      r.void_reason AS voidReason, r.void_note AS voidNote, (SELECT username FROM users WHERE id = r.voided_by) AS voidedBy,
      COUNT(b.id) AS bets,
      COALESCE(SUM(CASE WHEN ${PLAYED} THEN b.stake_cents ELSE 0 END), 0) AS turnover,
      COALESCE(SUM(CASE WHEN b.isaward = 1 THEN b.award_cents ELSE 0 END), 0) AS payouts,
      COALESCE(SUM(CASE WHEN b.isaward = -1 THEN b.stake_cents ELSE 0 END), 0) AS inPlay,
      COALESCE(SUM(CASE WHEN b.isaward = 2 THEN b.stake_cents ELSE 0 END), 0) AS refunded
    FROM rounds r LEFT JOIN bets b ON b.round_id = r.id
    WHERE r.room_id = ${roomId} ${keyset ? sql`AND ${keyset}` : sql``}
    GROUP BY r.id ORDER BY ${sql.join(keysetOrder(roundKeys, at, "desc"), sql`, `)} LIMIT ${limit} OFFSET ${offset}`);
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
export async function roomVoidCounts(db: Db, roomId: number): Promise<Record<string, number>> {
  const rows = await db.all<{
    reason: string | null;
    count: number;
  }>(sql`SELECT void_reason AS reason, COUNT(*) AS count
    FROM rounds WHERE room_id = ${roomId} AND status = 'void' GROUP BY void_reason`);
  return Object.fromEntries(rows.map((r) => [r.reason ?? "seed_lost", r.count]));
}

type DayBets = { day: string; turnover: number; payouts: number; players: number };
type DayInPlay = { day: string; inPlay: number };
type DayMoney = { day: string; deposits: number; withdrawals: number };

/** Fourteen player days per page, newest first; page 1 ends today (UTC+8). */
export async function dailyTotals(db: Db, page: number, nowMs: number) {
  const todayStart = dayStartMs(nowMs);
  const toMs = todayStart + DAY_MS - (page - 1) * TOTALS_DAYS * DAY_MS;
  const fromMs = toMs - TOTALS_DAYS * DAY_MS;
  const day = (column: string) => sql.raw(`date((${column} + ${PLAYER_OFFSET_MS}) / 1000, 'unixepoch')`);
  const [bets, inPlay, money] = await Promise.all([
    // by the day each round was drawn (rounds_draw_time), its bets through bets_round
    db.all<DayBets>(sql`SELECT ${day("r.draw_at_ms")} AS day,
        SUM(CASE WHEN ${PLAYED} THEN b.stake_cents ELSE 0 END) AS turnover,
        SUM(CASE WHEN b.isaward = 1 THEN b.award_cents ELSE 0 END) AS payouts,
        COUNT(DISTINCT CASE WHEN ${PLAYED} THEN b.user_id END) AS players
      FROM rounds r JOIN bets b ON b.round_id = r.id
      WHERE r.draw_at_ms >= ${fromMs} AND r.draw_at_ms < ${toMs} AND r.status = 'settled' GROUP BY day`),
    // stakes of rounds not drawn yet, by the day they were placed
    db.all<DayInPlay>(sql`SELECT ${day("b.created_at_ms")} AS day, SUM(b.stake_cents) AS inPlay
      FROM rounds r JOIN bets b ON b.round_id = r.id AND b.isaward = -1
      WHERE r.room_id IN (SELECT id FROM rooms) AND r.status = 'open' AND b.created_at_ms >= ${fromMs} AND b.created_at_ms < ${toMs} GROUP BY day`),
    db.all<DayMoney>(sql`SELECT ${day("created_at_ms")} AS day,
        SUM(CASE WHEN type = 'topup' AND idempotency_key LIKE 'deposit:%' THEN amount_cents ELSE 0 END) AS deposits,
        SUM(CASE WHEN type = 'wait' THEN -amount_cents WHEN type = 'redo' AND idempotency_key LIKE 'withdraw-refund:%' THEN -amount_cents ELSE 0 END) AS withdrawals
      FROM ledger WHERE user_id <> ${HOUSE_USER_ID} AND created_at_ms >= ${fromMs} AND created_at_ms < ${toMs} GROUP BY day`),
  ]);
  const days = Array.from({ length: TOTALS_DAYS }, (_, i) => formatDate(toMs - (i + 1) * DAY_MS));
  return days.map((d) => {
    const b = bets.find((r) => r.day === d);
    const m = money.find((r) => r.day === d);
    const turnover = b?.turnover ?? 0;
    const payouts = b?.payouts ?? 0;
    return {
      day: d,
      turnover: toMoney(turnover),
      payouts: toMoney(payouts),
      house: toMoney(turnover - payouts),
      inPlay: toMoney(inPlay.find((r) => r.day === d)?.inPlay ?? 0),
      deposits: toMoney(m?.deposits ?? 0),
      withdrawals: toMoney(m?.withdrawals ?? 0),
      activePlayers: b?.players ?? 0,
    };
  });
}
