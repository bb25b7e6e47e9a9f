import type { ControlDb, WalletDb } from "../db/client";
import { eq, sql } from "drizzle-orm";
import { isGameType } from "#shared/games/options";
import { optionProbabilities } from "#shared/games/probability";
import { toMoney } from "#shared/money";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { summedByKey } from "../db/every-shard";
import { dayOf, drawDays } from "./draw-days";
import {
  adjustmentRequests,
  bets as betsTable,
  depositRequests,
  games,
  orders,
  rooms as roomsTable,
  withdrawalRequests,
} from "../db/schema";

// The figures behind the console's charts, each from a query an index serves: drawn rounds by
// draw time (rounds_draw_time) and their bets (bets_round); decided requests by status and decision time
// (*_requests_decided); pending ones by status. Rounds count on the day they were drawn (UTC+8), as the
// daily totals do (worker/insight/reports.ts): turnover is stakes played out, payouts what winners got.
// The rounds and rooms are in the control database, the bets and requests in every wallet shard, whose
// figures add up (docs/decisions/161).

export const CHART_DAYS = [30, 90] as const;
export type ChartDays = (typeof CHART_DAYS)[number];
export type ChartQuery = { days: ChartDays; roomId: number | null; nowMs: number };

function window(q: { days: number; nowMs: number }) {
  const toMs = dayStartMs(q.nowMs) + DAY_MS;
  const fromMs = toMs - q.days * DAY_MS;
  const days = Array.from({ length: q.days }, (_, i) => formatDate(fromMs + i * DAY_MS));
  return { fromMs, toMs, days };
}

type PlayDay = { key: string; turnover: number; payouts: number; players: number };

/** Turnover, payouts, house result and active players per day, oldest first; one room or all. */
export async function playByDay(control: ControlDb, shards: WalletDb[], q: ChartQuery) {
  const w = window(q);
  const days = await drawDays(control, w.fromMs, w.toMs);
  // a bet's room is its order's (the order is in the bet's shard)
  const room =
    q.roomId === null ? sql`` : sql`AND b.order_id IN (SELECT id FROM ${orders} WHERE room_id = ${q.roomId})`;
  const byDay = days
    ? await summedByKey<string, PlayDay>(
        shards,
        sql`SELECT ${days.ofBet} AS "key",
          SUM(CASE WHEN b.isaward IN (0, 1) THEN b.stake_cents ELSE 0 END) AS turnover,
          SUM(CASE WHEN b.isaward = 1 THEN b.award_cents ELSE 0 END) AS payouts,
          COUNT(DISTINCT CASE WHEN b.isaward IN (0, 1) THEN b.user_id END) AS players
        FROM ${betsTable} b WHERE b.round_id BETWEEN ${days.lo} AND ${days.hi} AND b.isaward IN (0, 1) ${room} GROUP BY "key"`,
      )
    : new Map<string, PlayDay>();
  return w.days.map((day) => {
    const r = byDay.get(day);
    const turnover = r?.turnover ?? 0;
    const payouts = r?.payouts ?? 0;
    return {
      day,
      turnover: toMoney(turnover),
      payouts: toMoney(payouts),
      house: toMoney(turnover - payouts),
      players: r?.players ?? 0,
    };
  });
}

type MoneyDay = { key: string; cents: number; requests: number };

/** Approved deposits and withdrawals per day of their approval, oldest first, over every shard. */
export async function cashByDay(shards: WalletDb[], q: { days: ChartDays; nowMs: number }) {
  const w = window(q);
  const approved = (table: typeof depositRequests | typeof withdrawalRequests) =>
    summedByKey<string, MoneyDay>(
      shards,
      sql`SELECT ${dayOf("decided_at_ms")} AS "key", SUM(amount_cents) AS cents, COUNT(*) AS requests
      FROM ${table} WHERE status = 'approved' AND decided_at_ms >= ${w.fromMs} AND decided_at_ms < ${w.toMs} GROUP BY "key"`,
    );
  const [d, wd] = await Promise.all([approved(depositRequests), approved(withdrawalRequests)]);
  return w.days.map((day) => ({
    day,
    deposits: toMoney(d.get(day)?.cents ?? 0),
    depositCount: d.get(day)?.requests ?? 0,
    withdrawals: toMoney(wd.get(day)?.cents ?? 0),
    withdrawalCount: wd.get(day)?.requests ?? 0,
  }));
}

/** How long the requests waiting for an operator have waited: counted in age bands, with the oldest. */
const AGE_BANDS_HOURS = [1, 6, 24] as const;

export async function pendingAges(shards: WalletDb[], nowMs: number) {
  const pending = async (table: typeof depositRequests | typeof withdrawalRequests | typeof adjustmentRequests) =>
    (
      await Promise.all(
        shards.map((db) =>
          db.select({ createdAtMs: table.createdAtMs }).from(table).where(eq(table.status, "pending")),
        ),
      )
    ).flat();
  const [deposits, withdrawals, adjustments] = await Promise.all([
    pending(depositRequests),
    pending(withdrawalRequests),
    pending(adjustmentRequests),
  ]);
  const bands = (rows: { createdAtMs: number }[]) => {
    const counts = [0, 0, 0, 0];
    for (const r of rows) {
      const hours = (nowMs - r.createdAtMs) / 3_600_000;
      const band = AGE_BANDS_HOURS.findIndex((limit) => hours < limit);
      counts[band === -1 ? AGE_BANDS_HOURS.length : band]++;
    }
    const oldest = rows.reduce<number | null>(
      (min, r) => (min === null || r.createdAtMs < min ? r.createdAtMs : min),
      null,
    );
    return { count: rows.length, bands: counts, oldestAt: oldest };
  };
  return { deposits: bands(deposits), withdrawals: bands(withdrawals), adjustments: bands(adjustments) };
}

type ReturnRow = {
  roomId: number;
  title: string;
  titleKey: string;
  gameType: number;
  optionIndex: number;
  oddsMilli: number;
  bets: number;
  stakes: number;
  stakesSquared: number;
  awards: number;
};

/**
 * Each room's realized return to player over the window against the return its bets were expected to
 * give, with the band chance alone explains: every bet pays stake x odds with its option's chance of
 * winning, its stake back with the chance of a refund, nothing else; the bets are independent, so the
 * expected total and its variance are sums over the bets, grouped here by option and odds. The band is
 * the expected return plus or minus 3 standard deviations (a room outside it by chance: about 3 in 1,000).
 */
export async function roomReturns(control: ControlDb, shards: WalletDb[], q: { days: ChartDays; nowMs: number }) {
  const w = window(q);
  const days = await drawDays(control, w.fromMs, w.toMs);
  // the bets of the window's settled rounds in every shard, by room (their order's), option and odds; the
  // rooms' names and game types from the control database
  const bets = days
    ? await summedByKey<string, Omit<ReturnRow, "title" | "titleKey" | "gameType"> & { key: string }>(
        shards,
        sql`SELECT o.room_id || ':' || b.option_index || ':' || b.odds_milli AS "key", o.room_id AS roomId,
          b.option_index AS optionIndex, b.odds_milli AS oddsMilli, COUNT(*) AS bets, SUM(b.stake_cents) AS stakes,
          SUM(b.stake_cents * b.stake_cents) AS stakesSquared, SUM(b.award_cents) AS awards
        FROM ${betsTable} b JOIN ${orders} o ON o.id = b.order_id
        WHERE b.round_id BETWEEN ${days.lo} AND ${days.hi} AND b.isaward IN (0, 1, 2) AND ${days.ofBet} <> ''
        GROUP BY o.room_id, b.option_index, b.odds_milli`,
      )
    : new Map();
  const roomRows = await control.all<{ roomId: number; title: string; titleKey: string; gameType: number }>(
    sql`SELECT rm.id AS roomId, rm.title, g.title_key AS titleKey, g.type AS gameType FROM ${roomsTable} rm JOIN ${games} g ON g.id = rm.game_id`,
  );
  const roomOf = new Map(roomRows.map((r) => [r.roomId, r]));
  const rows: ReturnRow[] = [...bets.values()].flatMap((b) => {
    const room = roomOf.get(b.roomId);
    // summed over shards, the per-shard fields that are keys are each shard's same value, not a sum
    const [roomId, optionIndex, oddsMilli] = b.key.split(":").map(Number);
    return room
      ? [{ ...b, roomId, optionIndex, oddsMilli, title: room.title, titleKey: room.titleKey, gameType: room.gameType }]
      : [];
  });
  const rooms = new Map<
    number,
    {
      roomId: number;
      title: string;
      titleKey: string;
      bets: number;
      stakes: number;
      awards: number;
      expected: number;
      variance: number;
    }
  >();
  for (const r of rows) {
    if (!isGameType(r.gameType)) continue;
    const chance = optionProbabilities(r.gameType)[r.optionIndex];
    if (!chance) continue;
    const odds = r.oddsMilli / 1000;
    const pWin = chance.win.value;
    const pRefund = chance.refund.value;
    const mean = odds * pWin + pRefund;
    const secondMoment = odds * odds * pWin + pRefund;
    const room = rooms.get(r.roomId) ?? {
      roomId: r.roomId,
      title: r.title,
      titleKey: r.titleKey,
      bets: 0,
      stakes: 0,
      awards: 0,
      expected: 0,
      variance: 0,
    };
    room.bets += r.bets;
    room.stakes += r.stakes;
    room.awards += r.awards;
    room.expected += r.stakes * mean;
    room.variance += r.stakesSquared * (secondMoment - mean * mean);
    rooms.set(r.roomId, room);
  }
  return [...rooms.values()]
    .sort((a, b) => a.roomId - b.roomId)
    .map((room) => {
      const theoretical = room.expected / room.stakes;
      const spread = (3 * Math.sqrt(room.variance)) / room.stakes;
      const realized = room.awards / room.stakes;
      // a return is never below zero: the band stops there
      const low = Math.max(0, theoretical - spread);
      const high = theoretical + spread;
      return {
        roomId: room.roomId,
        title: room.title,
        titleKey: room.titleKey,
        bets: room.bets,
        stakes: toMoney(room.stakes),
        awards: toMoney(room.awards),
        realized,
        theoretical,
        low,
        high,
        outside: realized < low ? ("low" as const) : realized > high ? ("high" as const) : null,
      };
    });
}
