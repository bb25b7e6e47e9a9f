import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { api, expectOk, operatorLogin } from "../helpers";
import { currentRound, finishRound, stubOf } from "../rooms-helpers";
import { databasesOf } from "../../worker/db/databases";
import { walletBindings } from "../../worker/db/shards";
import { settleInShard } from "../../worker/room/shard-settlement";
import type { Settlement } from "../../worker/room/rounds";
import {
  type ShardPlayer,
  answeredShards,
  balanceIn,
  controlRound,
  countIn,
  drawRound,
  expectEveryShardBalanced,
  placed,
  playersInShards,
} from "./orders-helpers";
import { bets, rounds } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Settlement over four wallet shards that are four databases (docs/decisions/161): the room publishes the
// result in the control database, pays each shard holding bets with one batch, records each shard's answer,
// and calls the round settled only when every shard answered; a shard that refuses is retried by its alarm.

/** Makes one shard's database refuse every settlement batch: its last statement (the shard's own row) aborts. */
async function refuseSettlements(shard: number) {
  const d1 = walletBindings(env)[shard];
  await d1
    .prepare(
      "CREATE TRIGGER test_refuse_settlement BEFORE INSERT ON round_settlements BEGIN SELECT RAISE(ABORT, 'shard refuses'); END",
    )
    .run();
}
const acceptSettlements = (shard: number) =>
  walletBindings(env)[shard].prepare("DROP TRIGGER test_refuse_settlement").run();

/** Each player bets 20.00 on option 0 and 20.00 on option 1 (one of them wins unless the draw refunds). */
async function betBoth(players: ShardPlayer[], roomId: number, roundId: number) {
  for (const player of players)
    await placed(player, roomId, roundId, [
      [0, 1.98, 20],
      [1, 1.98, 20],
    ]);
}

/** What a shard paid for a round: award and refund rows of players, the house's rows, balances. */
async function paidIn(shard: number, roundId: number) {
  return {
    awards: await countIn(shard, "ledger", "idempotency_key LIKE ? AND user_id <> 1", `award:${roundId}:%`),
    refunds: await countIn(shard, "ledger", "idempotency_key LIKE ? AND user_id <> 1", `refund:${roundId}:%`),
    house: await countIn(shard, "ledger", "idempotency_key = ?", `stakes:${roundId}:house`),
    open: await countIn(shard, "bets", "round_id = ? AND isaward = -1", roundId),
  };
}

const kept = (roomId: number) =>
  runInDurableObject(stubOf(roomId), (_room, state) => ({
    pending: state.storage.sql
      .exec<{ round_id: number; settlement: string; tries: number; next_at_ms: number }>(
        "SELECT round_id, settlement, tries, next_at_ms FROM pending_settlements",
      )
      .toArray(),
  }));

/** Each room's alarm time while holdAlarm keeps the runtime from running it on its own. */
const heldAlarms = new Map<number, number | null>();

/**
 * Moves the room's alarm an hour on, so that the runtime does not run a retry on its own while the test looks, and
 * keeps the time the room set (heldAlarms): the test runs each retry itself, at its time (runRetry).
 */
async function holdAlarm(roomId: number): Promise<void> {
  const at = await runInDurableObject(stubOf(roomId), async (_room, state) => {
    const set = await state.storage.getAlarm();
    await state.storage.setAlarm(Date.now() + 3_600_000);
    return set;
  });
  heldAlarms.set(roomId, at);
}

/**
 * Runs the room's alarm at the time of its retry of a kept settlement, without waiting for it: the isolate's Date,
 * the room's too, reads that time while the alarm runs (the room tries a shard again only once it is due). Then
 * holds the room's next alarm.
 */
async function runRetry(roomId: number): Promise<boolean> {
  const [next] = (await kept(roomId)).pending;
  expect(next, "a settlement waits for its retry").toBeDefined();
  // the room's alarm was set at the retry (or earlier)
  const alarmAt = heldAlarms.get(roomId);
  expect(alarmAt).toBeTypeOf("number");
  expect(alarmAt!).toBeLessThanOrEqual(next.next_at_ms);
  vi.useFakeTimers({ toFake: ["Date"], now: next.next_at_ms });
  try {
    return await runDurableObjectAlarm(stubOf(roomId));
  } finally {
    vi.useRealTimers();
    await holdAlarm(roomId);
  }
}

describe("a round over several wallet shards", () => {
  it("settles in each shard holding bets, the house booked per round and shard, the books balanced in each", async () => {
    const players = [...(await playersInShards([0, 1, 3], 100_000)).values()];
    const round = await currentRound(20);
    await betBoth(players, 20, round.roundId);
    await finishRound(20);
    expect(await answeredShards(round.roundId)).toEqual([0, 1, 3]);
    for (const player of players) {
      const paid = await paidIn(player.shard, round.roundId);
      expect(paid.open).toBe(0);
      expect(paid.house).toBe(1);
      expect(paid.awards + paid.refunds).toBe(1);
      // the round's result and what it paid the player, from the control database and their shard
      const current = await api("/api/game/current", { token: player.token, roomid: 20, gameseq: round.seqno });
      expectOk(current);
      expect(current.data.stake).toBe(paid.refunds ? 0 : 40);
      expect(current.data.award).toBeGreaterThan(0);
      // the day's figures are the player's shard's bets
      const day = await api("/api/game/todaywinlost", { token: player.token });
      expectOk(day);
      expect(day.data.total).toBe(paid.refunds ? 0 : 40);
    }
    // shard 2 held no bets: nothing was written there
    expect(await countIn(2, "ledger", "ref = ?", `round:${round.roundId}`)).toBe(0);
    await expectEveryShardBalanced();
  });

  it("settles in the other shards while one refuses, stays unsettled, and completes there after it recovers, paying once", async () => {
    const players = [...(await playersInShards([0, 1, 2], 100_000)).values()];
    const failing = 1;
    const round = await currentRound(15);
    await betBoth(players, 15, round.roundId);
    await refuseSettlements(failing);
    let recovered = false;
    let keptSettlement: Settlement | null = null;
    try {
      await drawRound(15);
      keptSettlement = await settlementOf(15, round.roundId);
      // the result is published and the next round open; the round is not settled
      const drawn = await controlRound(round.roundId);
      expect(drawn.status).toBe("open");
      expect(drawn.drawn_at_ms).not.toBeNull();
      expect((await currentRound(15)).roundId).not.toBe(round.roundId);
      // (a call to the room sets its alarm again: held after the last one)
      await holdAlarm(15);
      expect(await answeredShards(round.roundId)).toEqual([0, 2]);
      for (const shard of [0, 2]) expect((await paidIn(shard, round.roundId)).open).toBe(0);
      expect(await paidIn(failing, round.roundId)).toEqual({ awards: 0, refunds: 0, house: 0, open: 2 });
      await expectEveryShardBalanced();
      // the room tries again within 5 s; a try while the shard still refuses changes nothing
      expect(heldAlarms.get(15)! - Date.now()).toBeLessThanOrEqual(5_000);
      expect(await runRetry(15)).toBe(true);
      expect((await kept(15)).pending[0].tries).toBe(2);
      expect((await controlRound(round.roundId)).status).toBe("open");
      expect((await paidIn(failing, round.roundId)).open).toBe(2);
      // the shard recovers: the next try pays it, and the round is settled
      await acceptSettlements(failing);
      recovered = true;
      expect(await runRetry(15)).toBe(true);
    } finally {
      if (!recovered) await acceptSettlements(failing);
    }
    expect((await controlRound(round.roundId)).status).toBe("settled");
    expect(await answeredShards(round.roundId)).toEqual([0, 1, 2]);
    expect((await kept(15)).pending).toEqual([]);
    const paidOnce = await paidIn(failing, round.roundId);
    expect(paidOnce).toMatchObject({ house: 1, open: 0 });
    expect(paidOnce.awards + paidOnce.refunds).toBe(1);
    const player = players.find((p) => p.shard === failing)!;
    const balance = await balanceIn(player);
    // another wake-up of the room and the shard's batch run again by hand change nothing
    await currentRound(15);
    await settleInShard(databasesOf(env), keptSettlement!, [0, 1, 2], failing);
    expect(await paidIn(failing, round.roundId)).toEqual(paidOnce);
    expect(await balanceIn(player)).toBe(balance);
    await expectEveryShardBalanced();
  });

  it("pays once when two settlements of the same shard run at once", async () => {
    const players = [...(await playersInShards([3], 100_000)).values()];
    const round = await currentRound(16);
    await betBoth(players, 16, round.roundId);
    // the room draws while the shard refuses, so its settlement is kept; then two run at once
    await refuseSettlements(3);
    try {
      await drawRound(16);
      await holdAlarm(16);
    } finally {
      await acceptSettlements(3);
    }
    const settlement = await settlementOf(16, round.roundId);
    expect(settlement).not.toBeNull();
    const before = await balanceIn(players[0]);
    const outcomes = await Promise.allSettled([
      settleInShard(databasesOf(env), settlement!, [3], 3),
      settleInShard(databasesOf(env), settlement!, [3], 3),
    ]);
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    const paid = await paidIn(3, round.roundId);
    expect(paid).toMatchObject({ house: 1, open: 0 });
    expect(paid.awards + paid.refunds).toBe(1);
    const won = (await walletBindings(env)[3]
      .prepare(`SELECT COALESCE(SUM(award_cents), 0) AS n FROM ${quotedTable(bets)} WHERE round_id = ?`)
      .bind(round.roundId)
      .first<{ n: number }>())!.n;
    expect(await balanceIn(players[0])).toBe(before + won);
    expect((await controlRound(round.roundId)).status).toBe("settled");
    // the room's own retry finds the shard paid and forgets the round
    expect(await runRetry(16)).toBe(true);
    expect((await kept(16)).pending).toEqual([]);
    expect(await paidIn(3, round.roundId)).toEqual(paid);
    await expectEveryShardBalanced();
  });

  it("refunds an operator's void in each shard, retrying a shard that refuses, and calls it void only then", async () => {
    const players = [...(await playersInShards([0, 2], 100_000)).values()];
    const round = await currentRound(17);
    await betBoth(players, 17, round.roundId);
    const token = await operatorLogin();
    await refuseSettlements(2);
    let recovered = false;
    try {
      expectOk(await api("/api/admin/rounds/void", { token, roundId: round.roundId, reason: "Feed outage" }));
      await holdAlarm(17);
      const row = await env.DB.prepare(`SELECT status, void_reason, void_note FROM ${quotedTable(rounds)} WHERE id = ?`)
        .bind(round.roundId)
        .first<{ status: string; void_reason: string; void_note: string }>();
      expect(row).toEqual({ status: "open", void_reason: "operator", void_note: "Feed outage" });
      expect(await answeredShards(round.roundId)).toEqual([0]);
      expect(await paidIn(0, round.roundId)).toEqual({ awards: 0, refunds: 1, house: 1, open: 0 });
      expect(await paidIn(2, round.roundId)).toEqual({ awards: 0, refunds: 0, house: 0, open: 2 });
      await expectEveryShardBalanced();
      await acceptSettlements(2);
      recovered = true;
      expect(await runRetry(17)).toBe(true);
    } finally {
      if (!recovered) await acceptSettlements(2);
    }
    expect((await controlRound(round.roundId)).status).toBe("void");
    for (const player of players) {
      expect(await paidIn(player.shard, round.roundId)).toEqual({ awards: 0, refunds: 1, house: 1, open: 0 });
      expect(await balanceIn(player)).toBe(100_000);
    }
    await expectEveryShardBalanced();
  });
});

/** The settlement the room keeps for a round it has not seen paid in every shard (null once forgotten). */
async function settlementOf(roomId: number, roundId: number): Promise<Settlement | null> {
  const row = (await kept(roomId)).pending.find((p) => p.round_id === roundId);
  return row ? (JSON.parse(row.settlement) as Settlement) : null;
}
