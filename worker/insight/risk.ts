import type { ControlDb, WalletDb } from "../db/client";
import { desc, eq, sql } from "drizzle-orm";
import { accountNames } from "../db/every-shard";
import { drawBuckets } from "./draw-days";
import { toMoney } from "#shared/money";
import { PLAYER_OFFSET_MS } from "#shared/days";
import { bets, protectionRefusals, depositRequests, selfExclusions, riskInteractions, users } from "../db/schema";

// Markers of harm (docs/decisions/137), computed from the data each time they are read: each
// says which pattern it saw and the figures that show it. Every query is set-based, over every player at
// once for the list or one player for the file, and reads through an index: played bets through the
// rounds drawn in the window (rounds_draw_time, bets_round), refusals by time, a player's bets by
// bets_user. "Local" time is the player's day of the product, UTC+8 (docs/decisions/021).

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
/** Night play: bets placed from 00:00 to 06:00 local on more than half the days played, at least this many. */
const NIGHT_END_MS = 6 * 60 * 60 * 1000;
const NIGHT_DAYS_MIN = 4;
const NIGHT_WINDOW_DAYS = 14;
/** Refusals at limits (or during an exclusion) in a week that make a marker. */
const REFUSALS_MIN = 3;
/** A time-out "resumed at once": a bet within this long after its end. */
const RESUMED_WITHIN_MS = 60 * 60 * 1000;
/** How far back a loss-limit hit or a time-out's end is looked for. */
const LOOKBACK_MS = 30 * DAY;

export type RiskMarker =
  | { key: "lossesRising"; userId: number; figures: { week3: number; week2: number; week1: number } }
  | { key: "depositAfterLossLimit"; userId: number; figures: { hitAt: number; deposits: number; money: number } }
  | { key: "nightPlay"; userId: number; figures: { nightDays: number; playDays: number; days: number } }
  | {
      key: "repeatedRefusals";
      userId: number;
      figures: { refusals: number; deposit: number; loss: number; stake: number; excluded: number; days: number };
    }
  | { key: "timeOutResumed"; userId: number; figures: { endedAt: number; resumedAt: number; minutes: number } };

const onlyUser = (userId: number | null, column: string) =>
  userId === null ? sql`` : sql`AND ${sql.raw(column)} = ${userId}`;

/**
 * The rounds the markers that count by draw time read, from the control database (worker/insight/draw-days.ts):
 * the settled rounds of the last three weeks by week, and every round drawn in the night-play window.
 */
async function roundsOfMarkers(control: ControlDb, nowMs: number) {
  const [w1, w2] = [nowMs - WEEK, nowMs - 2 * WEEK];
  const [weeks, night] = await Promise.all([
    drawBuckets(control, {
      fromMs: nowMs - 3 * WEEK,
      toMs: nowMs,
      bucket: (column) =>
        sql`CASE WHEN ${sql.raw(column)} >= ${w1} THEN 'week1' WHEN ${sql.raw(column)} >= ${w2} THEN 'week2' ELSE 'week3' END`,
      settledOnly: true,
    }),
    drawBuckets(control, {
      fromMs: nowMs - NIGHT_WINDOW_DAYS * DAY,
      toMs: nowMs + DAY,
      bucket: () => sql`'window'`,
      settledOnly: false,
    }),
  ]);
  return { weeks, night };
}
type MarkerRounds = Awaited<ReturnType<typeof roundsOfMarkers>>;

async function lossesRising(db: WalletDb, rounds: MarkerRounds, userId: number | null): Promise<RiskMarker[]> {
  const weeks = rounds.weeks;
  if (!weeks) return [];
  const rows = await db.all<{
    userId: number;
    week1: number;
    week2: number;
    week3: number;
  }>(sql`SELECT userId, SUM(CASE WHEN part = 'week1' THEN loss ELSE 0 END) AS week1,
      SUM(CASE WHEN part = 'week2' THEN loss ELSE 0 END) AS week2, SUM(CASE WHEN part = 'week3' THEN loss ELSE 0 END) AS week3
    FROM (SELECT b.user_id AS userId, ${weeks.ofBet} AS part, b.stake_cents - b.award_cents AS loss FROM ${bets} b
      WHERE b.round_id BETWEEN ${weeks.lo} AND ${weeks.hi} AND b.isaward IN (0, 1) ${onlyUser(userId, "b.user_id")})
    GROUP BY userId HAVING week2 > 0 AND week2 > week3 AND week1 > week2`);
  return rows.map((r) => ({
    key: "lossesRising",
    userId: r.userId,
    figures: { week3: toMoney(r.week3), week2: toMoney(r.week2), week1: toMoney(r.week1) },
  }));
}

async function depositAfterLossLimit(db: WalletDb, nowMs: number, userId: number | null): Promise<RiskMarker[]> {
  const rows = await db.all<{
    userId: number;
    hitAt: number;
    deposits: number;
    cents: number;
  }>(sql`SELECT h.userId, h.hitAt, COUNT(d.id) AS deposits, SUM(d.amount_cents) AS cents
    FROM (SELECT user_id AS userId, MIN(created_at_ms) AS hitAt FROM ${protectionRefusals}
      WHERE kind = 'loss' AND created_at_ms >= ${nowMs - LOOKBACK_MS} ${onlyUser(userId, "user_id")} GROUP BY user_id) h
    JOIN ${depositRequests} d ON d.user_id = h.userId AND d.created_at_ms > h.hitAt AND d.status <> 'rejected'
    GROUP BY h.userId`);
  return rows.map((r) => ({
    key: "depositAfterLossLimit",
    userId: r.userId,
    figures: { hitAt: r.hitAt, deposits: r.deposits, money: toMoney(r.cents) },
  }));
}

async function nightPlay(db: WalletDb, rounds: MarkerRounds, userId: number | null): Promise<RiskMarker[]> {
  const window = rounds.night;
  if (!window) return [];
  const local = `(b.created_at_ms + ${PLAYER_OFFSET_MS})`;
  const day = sql.raw(`(${local} / ${DAY})`);
  const night = sql.raw(`(${local} % ${DAY}) < ${NIGHT_END_MS}`);
  const rows = await db.all<{ userId: number; playDays: number; nightDays: number }>(sql`SELECT b.user_id AS userId,
      COUNT(DISTINCT ${day}) AS playDays, COUNT(DISTINCT CASE WHEN ${night} THEN ${day} END) AS nightDays
    FROM ${bets} b
    WHERE b.round_id BETWEEN ${window.lo} AND ${window.hi} AND b.isaward <> 3 AND ${window.ofBet} = 'window' ${onlyUser(userId, "b.user_id")}
    GROUP BY b.user_id HAVING nightDays >= ${NIGHT_DAYS_MIN} AND nightDays * 2 > playDays`);
  return rows.map((r) => ({
    key: "nightPlay",
    userId: r.userId,
    figures: { nightDays: r.nightDays, playDays: r.playDays, days: NIGHT_WINDOW_DAYS },
  }));
}

async function repeatedRefusals(db: WalletDb, nowMs: number, userId: number | null): Promise<RiskMarker[]> {
  const rows = await db.all<{
    userId: number;
    refusals: number;
    deposit: number;
    loss: number;
    stake: number;
    excluded: number;
  }>(sql`SELECT user_id AS userId, COUNT(*) AS refusals,
      SUM(kind = 'deposit') AS deposit, SUM(kind = 'loss') AS loss, SUM(kind = 'stake') AS stake, SUM(kind = 'excluded') AS excluded
    FROM ${protectionRefusals} WHERE created_at_ms >= ${nowMs - WEEK} ${onlyUser(userId, "user_id")}
    GROUP BY user_id HAVING COUNT(*) >= ${REFUSALS_MIN}`);
  return rows.map(({ userId: id, ...figures }) => ({
    key: "repeatedRefusals",
    userId: id,
    figures: { ...figures, days: 7 },
  }));
}

async function timeOutResumed(db: WalletDb, nowMs: number, userId: number | null): Promise<RiskMarker[]> {
  const rows = await db.all<{
    userId: number;
    endedAt: number;
    resumedAt: number;
  }>(sql`SELECT s.user_id AS userId, s.end_at_ms AS endedAt, MIN(b.created_at_ms) AS resumedAt
    FROM ${selfExclusions} s JOIN ${bets} b ON b.user_id = s.user_id AND b.created_at_ms >= s.end_at_ms AND b.created_at_ms < s.end_at_ms + ${RESUMED_WITHIN_MS}
    WHERE s.period IN ('24h', '7d', '30d') AND s.end_at_ms >= ${nowMs - LOOKBACK_MS} AND s.end_at_ms <= ${nowMs} ${onlyUser(userId, "s.user_id")}
    GROUP BY s.id`);
  return rows.map((r) => ({
    key: "timeOutResumed",
    userId: r.userId,
    figures: { ...r, minutes: Math.floor((r.resumedAt - r.endedAt) / 60_000) },
  }));
}

/**
 * Every marker of every player (userId null) or of one player, over the wallet shards given (docs/decisions/161):
 * a player's bets, requests, refusals and time-outs are all in their shard, so each shard's markers are whole.
 */
export async function riskMarkers(
  control: ControlDb,
  shards: WalletDb[],
  nowMs: number,
  userId: number | null = null,
): Promise<RiskMarker[]> {
  const rounds = await roundsOfMarkers(control, nowMs);
  const ofShard = (db: WalletDb) =>
    Promise.all([
      lossesRising(db, rounds, userId),
      depositAfterLossLimit(db, nowMs, userId),
      nightPlay(db, rounds, userId),
      repeatedRefusals(db, nowMs, userId),
      timeOutResumed(db, nowMs, userId),
    ]);
  return (await Promise.all(shards.map(ofShard))).flat(2);
}

/** The list: players with at least one marker, most markers first, each with their last interaction. */
export async function playersAtRisk(control: ControlDb, shards: WalletDb[], nowMs: number) {
  const markers = await riskMarkers(control, shards, nowMs);
  const ids = [...new Set(markers.map((m) => m.userId))];
  if (ids.length === 0) return [];
  // each player's name and last interaction from their shard
  const people = (
    await Promise.all(
      shards.map((db) =>
        db.all<{
          id: number;
          username: string;
          lastAt: number | null;
          lastKind: string | null;
        }>(sql`SELECT u.id, u.username,
          (SELECT created_at_ms FROM ${riskInteractions} WHERE user_id = u.id ORDER BY id DESC LIMIT 1) AS lastAt,
          (SELECT kind FROM ${riskInteractions} WHERE user_id = u.id ORDER BY id DESC LIMIT 1) AS lastKind
        FROM ${users} u WHERE u.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`),
      ),
    )
  ).flat();
  return people
    .map((p) => ({
      userId: p.id,
      username: p.username,
      markers: markers.filter((m) => m.userId === p.id),
      // both from the player's last interaction: null together when there is none
      lastInteraction: p.lastAt !== null && p.lastKind !== null ? { at: p.lastAt, kind: p.lastKind } : null,
    }))
    .sort((a, b) => b.markers.length - a.markers.length || a.userId - b.userId);
}

export type RiskInteraction = {
  userId: number;
  operatorId: number;
  kind: "note" | "message" | "limit";
  text: string;
  nowMs: number;
};

export const interactionStatement = (db: WalletDb, i: RiskInteraction) =>
  db
    .insert(riskInteractions)
    .values({ userId: i.userId, operatorId: i.operatorId, kind: i.kind, text: i.text, createdAtMs: i.nowMs });

/**
 * A player's interactions, newest first, from their shard (`db`); the operators named from the control database,
 * where their accounts are (the shard's query answers their ids only, docs/decisions/176).
 */
export async function interactionsOf(db: WalletDb, control: ControlDb, userId: number) {
  const rows = await db
    .select({
      id: riskInteractions.id,
      kind: riskInteractions.kind,
      text: riskInteractions.text,
      at: riskInteractions.createdAtMs,
      operatorId: riskInteractions.operatorId,
    })
    .from(riskInteractions)
    .where(eq(riskInteractions.userId, userId))
    .orderBy(desc(riskInteractions.id))
    .limit(50);
  const names = await accountNames(
    control,
    rows.map((r) => r.operatorId),
  );
  return rows.map(({ operatorId, ...r }) => ({
    ...r,
    operator: names.get(operatorId) ?? null,
  }));
}
