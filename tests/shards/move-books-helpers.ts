import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { dbOf, getDb } from "../../worker/db/client";
import { runInOneBatch } from "../../worker/db/batch";
import { cancelOrderStatements } from "../../worker/room/bets";
import { ledgerReasons } from "../../worker/ledger/reasons";
import { CLOSE_AFTER_MS, closeBooksDays, todaySoFar } from "../../worker/insight/books-days";
import { DAY_MS, dayStartMs } from "#shared/days";
import { type ShardedPlayer, shardD1, shardedPlayer } from "./move-helpers";

// What the tests of a move in the books per day share (docs/decisions/162): players in a shard, what a shard holds,
// today's statement and the days closed, a stake cancelled at a moment.

export const control = () => getDb(env);
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
      `SELECT (SELECT COALESCE(SUM(money_cents), 0) FROM users WHERE id <> 1) AS playersCents,
        (SELECT money_cents FROM users WHERE id = 1) AS houseCents,
        (SELECT COALESCE(SUM(o.amount_cents), 0) FROM finance_orders o WHERE NOT EXISTS
          (SELECT 1 FROM ledger p WHERE p.idempotency_key = 'principal:' || o.id)) AS financeCents`,
    )
    .first<{ playersCents: number; houseCents: number; financeCents: number }>())!;
}

/** Today's statement of a shard finds nothing wrong and ends on what the shard holds. */
export async function expectTodayTrue(shard: number, nowMs = Date.now()) {
  const statement = await todaySoFar(dbOf(shardD1(shard)), nowMs, control());
  expect(statement.problems, `shard ${shard} today`).toEqual([]);
  expect(statement.closing, `shard ${shard} today's closing`).toMatchObject(await live(shard));
  return statement;
}

/** Closes every finished day of the shards up to `nowMs` and expects none refused. */
export async function expectDaysClose(shards: number[], nowMs: number) {
  for (const shard of shards) {
    const result = await closeBooksDays(dbOf(shardD1(shard)), nowMs, control());
    expect(result.refused?.problems ?? null, `shard ${shard} refused ${result.refused?.day}`).toBeNull();
  }
}

export const yesterdayClosedAt = () => Math.max(Date.now(), today + CLOSE_AFTER_MS);
export const tomorrowClosedAt = () => Math.max(Date.now(), today + DAY_MS + CLOSE_AFTER_MS);

/** Cancels the one order of a round (betAt's) at a moment, as the room does: the stake comes back. */
export async function cancelAt(shard: number, roundId: number, atMs: number) {
  const d1 = shardD1(shard);
  const order = await d1
    .prepare("SELECT id, ordersn, user_id AS userId, total_cents AS totalCents FROM orders WHERE round_id = ?")
    .bind(roundId)
    .first<{ id: number; ordersn: string; userId: number; totalCents: number }>();
  const db = dbOf(d1);
  await runInOneBatch(db, [
    ...cancelOrderStatements(db, {
      orderId: order!.id,
      ordersn: order!.ordersn,
      userId: order!.userId,
      totalCents: order!.totalCents,
      reason: ledgerReasons.adjustment("correction"),
      nowMs: atMs,
    }),
  ]);
}
