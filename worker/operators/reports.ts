import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { HOUSE_USER_ID } from "../db/ledger";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { toMoney } from "../money";
import { DAY_MS, PLAYER_OFFSET_MS, dayStartMs, formatDate } from "../wallet/days";

// Rounds history and daily totals (docs/product.md#operators), computed from the bets and the ledger each time:
// no separate counters that could drift from the books.
export const ROUNDS_PAGE_SIZE = 20;
const TOTALS_DAYS = 14;

type RoundRow = { id: number; seqno: number; commit: string; seed: string | null; numbers: string | null; status: string; drawAtMs: number; voidReason: string | null; voidNote: string | null; bets: number; turnover: number; payouts: number };

/** One room's rounds, newest first, each with its bets, turnover, payouts and the house result. */
const roundKeys = [sql.raw("r.seqno")];
export const roomRoundKey = (row: { seqno: number }) => [row.seqno];

export async function roomRounds(db: Db, roomId: number, at: PageAt) {
  const keyset = keysetWhere(roundKeys, at, "desc");
  const { limit, offset } = keysetLimit(at);
  const rows = await db.all<RoundRow>(sql`SELECT r.id, r.seqno, r."commit" AS "commit", r.seed, r.numbers, r.status, r.draw_at_ms AS drawAtMs,
      r.void_reason AS voidReason, r.void_note AS voidNote,
      COUNT(b.id) AS bets,
      COALESCE(SUM(CASE WHEN b.isaward <> 3 THEN b.stake_cents ELSE 0 END), 0) AS turnover,
      COALESCE(SUM(b.award_cents), 0) AS payouts
    FROM rounds r LEFT JOIN bets b ON b.round_id = r.id
    WHERE r.room_id = ${roomId} ${keyset ? sql`AND ${keyset}` : sql``}
    GROUP BY r.id ORDER BY ${sql.join(keysetOrder(roundKeys, at, "desc"), sql`, `)} LIMIT ${limit} OFFSET ${offset}`);
  return rows.map((r) => ({
    id: r.id,
    seqno: r.seqno,
    commit: r.commit,
    seed: r.status === "settled" ? r.seed : null,
    numbers: r.numbers ? (JSON.parse(r.numbers) as number[]) : null,
    status: r.status,
    drawAt: r.drawAtMs,
    voidReason: r.voidReason,
    voidNote: r.voidNote,
    bets: r.bets,
    turnover: toMoney(r.turnover),
    payouts: toMoney(r.payouts),
    house: toMoney(r.turnover - r.payouts),
  }));
}

type DayBets = { day: string; turnover: number; payouts: number; players: number };
type DayMoney = { day: string; deposits: number; withdrawals: number };

/** Fourteen player days per page, newest first; page 1 ends today (UTC+8). */
export async function dailyTotals(db: Db, page: number, nowMs: number) {
  const todayStart = dayStartMs(nowMs);
  const toMs = todayStart + DAY_MS - (page - 1) * TOTALS_DAYS * DAY_MS;
  const fromMs = toMs - TOTALS_DAYS * DAY_MS;
  const day = (column: string) => sql.raw(`date((${column} + ${PLAYER_OFFSET_MS}) / 1000, 'unixepoch')`);
  const [bets, money] = await Promise.all([
    db.all<DayBets>(sql`SELECT ${day("created_at_ms")} AS day,
        SUM(CASE WHEN isaward <> 3 THEN stake_cents ELSE 0 END) AS turnover, SUM(award_cents) AS payouts,
        COUNT(DISTINCT CASE WHEN isaward <> 3 THEN user_id END) AS players
      FROM bets WHERE created_at_ms >= ${fromMs} AND created_at_ms < ${toMs} GROUP BY day`),
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
      deposits: toMoney(m?.deposits ?? 0),
      withdrawals: toMoney(m?.withdrawals ?? 0),
      activePlayers: b?.players ?? 0,
    };
  });
}
