import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { afterAll, beforeEach, describe, expect } from "vitest";
import { walletHandle } from "../../worker/db/client";
import { runInOneBatch } from "../../worker/db/batch";
import { cancelOrderStatements } from "../../worker/room/bets";
import { ledgerReasons } from "../../worker/ledger/reasons";
import { CLOSE_AFTER_MS, closeBooksDays, todaySoFar } from "../../worker/insight/books-days";
import { DAY_MS, dayStartMs } from "#shared/days";
import { movePlayer } from "../../worker/players/move";
import { at, lockAt, moveAt } from "../books-past-rows";
import {
  type ShardedPlayer,
  d1Link,
  expectEveryShardBalanced,
  rowsOf,
  shardD1,
  shardOf,
  shardedPlayer,
} from "./move-helpers";
import { freshStorage } from "../support/fresh-storage";
import { wallClock } from "../support/isolate-clock";
import { quotedTable } from "../../worker/db/quoted-table";
import { financeOrders, ledger, orders, playerMoves, users } from "../../worker/db/schema";

// What the tests of a move in the books per day share (docs/decisions/162): the two ends of the player's day they run
// at, players in a shard, what a shard holds, today's statement and the days closed, a stake cancelled at a moment.

/**
 * One run of a file's tests: the time of today (UTC+8) its clock is set at, "HH:MM" and as a moment (`at()`: the day
 * the tests date their rows by), and the wallet shards a test moves players between, `shards[k]` for its part k, in
 * ascending order (a move goes only to a shard at or above every shard that wrote the player's rows,
 * docs/decisions/161). The project binds the "mixed" layout: shard 0 is the control database itself, shards 1 to 3
 * databases of their own.
 */
type DayEnd = {
  name: string;
  time: string;
  clockAt: number;
  shards: readonly [number, number, number];
  /** Whether part 0 is the control database itself (the other parts never are). */
  fromControl: boolean;
};

/**
 * The two runs. Early in the day, after every row the tests date today (none later than 02:00, so none lies in the
 * future of a move made at the clock's time) and before the lock-ups' 08:00, part 0 is shard 0: a player moves out
 * of the control database (and back into it). Three minutes before midnight the parts are shards 1 to 3: every move
 * is between two databases of their own, as in a deployment of four.
 */
const DAY_ENDS: readonly DayEnd[] = [
  {
    name: "at 02:05, from the control database",
    time: "02:05",
    clockAt: at(0, 2, 5),
    shards: [0, 1, 2],
    fromControl: true,
  },
  {
    name: "at 23:57, between databases of their own",
    time: "23:57",
    clockAt: at(0, 23, 57),
    shards: [1, 2, 3],
    fromControl: false,
  },
];

/**
 * A file's tests once at each end of the day (DAY_ENDS), each test in storage of its own made at its run's clock (each
 * closes days), then the wall clock again. The Worker code a test calls in-process reads the same clock; a room does
 * not (tests/support/isolate-clock.ts), so these tests touch no room.
 */
export function describeAtBothEnds(title: string, tests: (end: DayEnd) => void): void {
  describe.each(DAY_ENDS.map((end) => [end.name, end] as const))(`${title}, %s`, (_name, end) => {
    beforeEach(() => freshStorage({ clockAt: end.clockAt }));
    afterAll(() => wallClock());
    tests(end);
  });
}

export const control = () => databasesOf(env).control;
export const today = dayStartMs(Date.now());

export async function playerWhere(wanted: (shard: number) => boolean): Promise<ShardedPlayer> {
  for (let tries = 0; tries < 80; tries++) {
    const p = await shardedPlayer();
    if (wanted(p.shard)) return p;
  }
  throw new Error("no player registered in the shard wanted");
}

/** What one database holds now: its players' balances, the house's, and the locked lock-ups. */
export async function live(shard: number) {
  return (await shardD1(shard)
    .prepare(
      `SELECT (SELECT COALESCE(SUM(money_cents), 0) FROM ${quotedTable(users)} WHERE id <> 1) AS playersCents,
        (SELECT money_cents FROM ${quotedTable(users)} WHERE id = 1) AS houseCents,
        (SELECT COALESCE(SUM(o.amount_cents), 0) FROM ${quotedTable(financeOrders)} o WHERE NOT EXISTS
          (SELECT 1 FROM ${quotedTable(ledger)} p WHERE p.idempotency_key = 'principal:' || o.id)) AS financeCents`,
    )
    .first<{ playersCents: number; houseCents: number; financeCents: number }>())!;
}

/** Today's statement of a shard finds nothing wrong and ends on what the shard holds. */
export async function expectTodayTrue(shard: number, nowMs = Date.now()) {
  const statement = await todaySoFar(walletHandle(shardD1(shard)), nowMs, control());
  expect(statement.problems, `shard ${shard} today`).toEqual([]);
  expect(statement.closing, `shard ${shard} today's closing`).toMatchObject(await live(shard));
  return statement;
}

/** Closes every finished day of the shards up to `nowMs` and expects none refused. */
export async function expectDaysClose(shards: number[], nowMs: number) {
  for (const shard of shards) {
    const result = await closeBooksDays(walletHandle(shardD1(shard)), nowMs, control());
    expect(result.refused?.problems ?? null, `shard ${shard} refused ${result.refused?.day}`).toBeNull();
  }
}

export const yesterdayClosedAt = () => Math.max(Date.now(), today + CLOSE_AFTER_MS);
export const tomorrowClosedAt = () => Math.max(Date.now(), today + DAY_MS + CLOSE_AFTER_MS);

/** Cancels the one order of a round (betAt's) at a moment, as the room does: the stake comes back. */
export async function cancelAt(shard: number, roundId: number, atMs: number) {
  const d1 = shardD1(shard);
  const order = await d1
    .prepare(
      `SELECT id, ordersn, user_id AS userId, total_cents AS totalCents FROM ${quotedTable(orders)} WHERE round_id = ?`,
    )
    .bind(roundId)
    .first<{ id: number; ordersn: string; userId: number; totalCents: number }>();
  const db = walletHandle(d1);
  await runInOneBatch(db, [
    ...cancelOrderStatements(db, {
      orderId: order!.id,
      orderNumber: order!.ordersn,
      userId: order!.userId,
      totalCents: order!.totalCents,
      reason: ledgerReasons.adjustment("correction"),
      nowMs: atMs,
    }),
  ]);
}

// Two runs of the move command at once (two operators, or a run started again while the first still goes): whatever
// each answers, the player ends whole in one shard, unfrozen, nothing of theirs left anywhere else, and every shard's
// books (live and per day) hold.
export async function raceMoves(from: number, targets: [number, number]) {
  const a = await playerWhere((s) => s === from);
  await moveAt(a.id, 400_00, at(0, 1));
  await lockAt(a.id, 100_00, at(0, 2));
  const outcomes = await Promise.allSettled(targets.map((to) => movePlayer(d1Link(), a.username, to, Date.now())));
  const home = await shardOf(a.id);
  expect(targets).toContain(home);
  for (const s of [0, 1, 2, 3]) {
    const rows = Object.keys(await rowsOf(s, a.id)).filter((t) => t !== "audit_log");
    if (s === home) expect(rows, `shard ${s} (home)`).toContain("ledger");
    else expect(rows, `shard ${s}`).toEqual([]);
    const marker = await shardD1(s)
      .prepare(`SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ?`)
      .bind(a.id)
      .first();
    expect(marker, `shard ${s}: no move left under way`).toBeNull();
  }
  const user = await shardD1(home)
    .prepare(`SELECT frozen FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(a.id)
    .first<{ frozen: number }>();
  expect(user!.frozen).toBe(0);
  await expectEveryShardBalanced();
  for (const s of [0, 1, 2, 3]) await expectTodayTrue(s);
  await expectDaysClose([0, 1, 2, 3], tomorrowClosedAt());
  return outcomes;
}
