import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
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
import { users, financeOrders, ledger, orders, playerMoves } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// What the tests of a move in the books per day share (docs/decisions/162): players in a shard, what a shard holds,
// today's statement and the days closed, a stake cancelled at a moment.

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
export async function raceMoves(targets: [number, number]) {
  const a = await playerWhere((s) => s === 0);
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
