import {
  createExecutionContext,
  createScheduledController,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants } from "./helpers";
import { balanceOf, currentRound, finishRound, placeOk, playerWith, reschedule, stubOf } from "./rooms-helpers";
import { commitOf, fromHex, verifyRound } from "#shared/games/fairness";
import worker from "../worker/index";
import { everywhere, playerD1 } from "./shard-helpers";
import { rounds, rooms, ledger, bets } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/** The every-minute cron, waited for to the end of its waitUntil work. */
async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function roundsOf(roomId: number) {
  const rows = await env.DB.prepare(
    `SELECT id, seqno, status, "commit", seed, numbers, game_type FROM ${quotedTable(rounds)} WHERE room_id = ? ORDER BY seqno`,
  )
    .bind(roomId)
    .all<{
      id: number;
      seqno: number;
      status: string;
      commit: string;
      seed: string | null;
      numbers: string | null;
      game_type: number;
    }>();
  return rows.results;
}

describe("a room's rounds", () => {
  it("opens round 1 with a commit and no seed, and schedules its alarm at the draw", async () => {
    const round = await currentRound(1);
    expect(round.seqno).toBe(1);
    expect(round.commit).toMatch(/^[0-9a-f]{64}$/);
    expect(round.drawAtMs - round.openAtMs).toBe(180_000);
    expect(round.drawAtMs - round.closeAtMs).toBe(60_000);
    const [row] = await roundsOf(1);
    expect(row).toMatchObject({
      id: round.roundId,
      seqno: 1,
      status: "open",
      commit: round.commit,
      seed: null,
      numbers: null,
    });
    const alarm = await runInDurableObject(stubOf(1), (_room, state) => state.storage.getAlarm());
    expect(alarm).toBe(round.drawAtMs);
    // Asking again changes nothing.
    expect(await currentRound(1)).toEqual(round);
  });

  it("the cron starts every trading room", async () => {
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 0 WHERE id = 48`).run();
    await runCron();
    const open = await env.DB.prepare(
      `SELECT COUNT(DISTINCT room_id) AS n FROM ${quotedTable(rounds)} WHERE status = 'open'`,
    ).first<{
      n: number;
    }>();
    expect(open!.n).toBe(47);
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(rounds)} WHERE room_id = 48`).first()).toEqual(
      { n: 0 },
    );
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 1 WHERE id = 48`).run();
  });

  it("does not draw before the draw time even when the alarm fires early", async () => {
    const round = await currentRound(1);
    expect(await runDurableObjectAlarm(stubOf(1))).toBe(true);
    expect(await currentRound(1)).toEqual(round);
    expect((await roundsOf(1)).map((r) => r.status)).toEqual(["open"]);
  });

  it("draws at the alarm, publishes a seed that matches the commit, and opens the next round", async () => {
    const first = await currentRound(1);
    const settled = await finishRound(1);
    const seed = fromHex(settled.seed);
    expect(await commitOf(seed)).toBe(first.commit);
    const check = await verifyRound({
      seedHex: settled.seed,
      commit: settled.commit,
      roomId: 1,
      seqno: 1,
      gameType: 1,
      numbers: JSON.parse(settled.numbers),
    });
    expect(check.ok).toBe(true);
    const next = await currentRound(1);
    expect(next.seqno).toBe(2);
    expect(next.commit).not.toBe(first.commit);
    const alarm = await runInDurableObject(stubOf(1), (_room, state) => state.storage.getAlarm());
    expect(alarm).toBe(next.drawAtMs);
  });

  it("settles once however often the alarm fires, even alongside wake-ups", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(1);
    await placeOk(player.token, 1, [
      [0, 1.98, 100],
      [1, 1.98, 100],
    ]);
    await reschedule(1, -2_000, -1_000);
    const [ran] = await Promise.all([
      runDurableObjectAlarm(stubOf(1)),
      stubOf(1).ensureRunning(1),
      stubOf(1).ensureRunning(1),
      runDurableObjectAlarm(stubOf(1)),
    ]);
    expect(ran).toBe(true);
    const rows = await roundsOf(1);
    expect(rows.filter((r) => r.status === "open")).toHaveLength(1);
    expect(rows.find((r) => r.id === round.roundId)!.status).toBe("settled");
    expect((await currentRound(1)).seqno).toBe(round.seqno + 1);
    // One of big and small won 2 x 1.98: paid once, in one ledger row.
    expect(await balanceOf(player.userId)).toBe(100_000 - 20_000 + 19_800);
    const earn = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)} WHERE user_id = ? AND type = 'earn'`)
      .bind(player.userId)
      .first<{ n: number }>();
    expect(earn!.n).toBe(1);
    // Later alarms of the new round, not due yet, change nothing.
    const ledgerRows = await count("ledger");
    for (let i = 0; i < 3; i++) expect(await runDurableObjectAlarm(stubOf(1))).toBe(true);
    expect(await balanceOf(player.userId)).toBe(100_000 - 20_000 + 19_800);
    expect(await count("ledger")).toBe(ledgerRows);
    await expectMoneyInvariants();
  });

  it("recovers from a restart between settling in D1 and recording it in the room", async () => {
    const player = await playerWith(100_000);
    const before = await currentRound(1);
    await placeOk(player.token, 1, [
      [2, 1.98, 50],
      [3, 1.98, 50],
    ]);
    const seedBefore = await runInDurableObject(
      stubOf(1),
      (_room, state) =>
        state.storage.sql
          .exec<{ seed_hex: string }>("SELECT seed_hex FROM round_seeds WHERE seqno = ?", before.seqno)
          .one().seed_hex,
    );
    await finishRound(1);
    const next = await currentRound(1);
    const paid = await balanceOf(player.userId);
    const ledgerCount = await count("ledger");
    // Put the room back where it stood before its draw, as if it had crashed right after the batch.
    await runInDurableObject(stubOf(1), (_room, state) => {
      state.storage.sql.exec(
        "UPDATE room SET round_id = ?, seqno = ?, commit_hex = ?, open_at_ms = ?, close_at_ms = ?, draw_at_ms = ?",
        before.roundId,
        before.seqno,
        before.commit,
        before.openAtMs,
        Date.now() - 2_000,
        Date.now() - 1_000,
      );
      state.storage.sql.exec(
        "INSERT OR REPLACE INTO round_seeds (seqno, seed_hex) VALUES (?, ?)",
        before.seqno,
        seedBefore,
      );
    });
    await evictDurableObject(stubOf(1));
    const again = await stubOf(1).ensureRunning(1);
    expect(again).toEqual(next);
    expect(await balanceOf(player.userId)).toBe(paid);
    expect(await count("ledger")).toBe(ledgerCount);
    await expectMoneyInvariants();
  });

  it("keeps its schedule and alarm through eviction", async () => {
    const round = await currentRound(1);
    await evictDurableObject(stubOf(1));
    expect(await currentRound(1)).toEqual(round);
    await finishRound(1);
    expect((await currentRound(1)).seqno).toBe(round.seqno + 1);
  });

  it("draws an overdue round at once after sleeping, without gaps in the seqnos", async () => {
    const round = await currentRound(15);
    // Asleep for ten round lengths: no alarm, no cron.
    await reschedule(15, -1_800_000 - 60_000, -1_800_000);
    const next = await stubOf(15).ensureRunning(15);
    expect(next!.seqno).toBe(round.seqno + 1);
    expect(next!.drawAtMs).toBeGreaterThan(Date.now());
    const rows = await roundsOf(15);
    expect(rows.map((r) => r.seqno)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.map((r) => r.status)).toEqual([...rows.slice(0, -1).map(() => "settled"), "open"]);
  });

  it("runs concurrent wake-ups as one draw", async () => {
    const round = await reschedule(16, -2_000, -1_000);
    const results = await Promise.all([1, 2, 3, 4].map(() => stubOf(16).ensureRunning(16)));
    for (const r of results) expect(r!.seqno).toBe(round.seqno + 1);
    const rows = await roundsOf(16);
    expect(rows.filter((r) => r.status === "open")).toHaveLength(1);
  });

  it("stops opening rounds when trading stops, and continues the seqnos when it resumes", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(9);
    await placeOk(player.token, 9, [[0, 1.98, 30]]);
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 0 WHERE id = 9`).run();
    await reschedule(9, -2_000, -1_000);
    expect(await runDurableObjectAlarm(stubOf(9))).toBe(true);
    expect(await stubOf(9).ensureRunning(9)).toBeNull();
    const stopped = await roundsOf(9);
    expect(stopped.at(-1)).toMatchObject({ seqno: round.seqno, status: "settled" });
    expect(await count("bets", "round_id = ? AND isaward = -1", round.roundId)).toBe(0);
    await env.DB.prepare(`UPDATE ${quotedTable(rooms)} SET trading = 1 WHERE id = 9`).run();
    await runCron();
    const resumed = await currentRound(9);
    expect(resumed.seqno).toBe(round.seqno + 1);
    await expectMoneyInvariants();
  });

  it("refunds every bet of a round whose seed was lost, and goes on with the next seqno", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(20);
    await placeOk(player.token, 20, [[0, 1.98, 40]]);
    const funded = 100_000 - 4_000;
    expect(await balanceOf(player.userId)).toBe(funded);
    await runInDurableObject(stubOf(20), (_room, state) => {
      state.storage.sql.exec("DELETE FROM round_seeds");
      state.storage.sql.exec("UPDATE room SET round_id = NULL");
    });
    const next = await stubOf(20).ensureRunning(20);
    expect(next!.seqno).toBe(round.seqno + 1);
    const voided = await env.DB.prepare(`SELECT status, seed FROM ${quotedTable(rounds)} WHERE id = ?`)
      .bind(round.roundId)
      .first();
    expect(voided).toEqual({ status: "void", seed: null });
    expect(await balanceOf(player.userId)).toBe(100_000);
    const bet = await everywhere(`SELECT isaward, award_cents FROM ${quotedTable(bets)} WHERE round_id = ?`)
      .bind(round.roundId)
      .first();
    expect(bet).toEqual({ isaward: 2, award_cents: 4_000 });
    await expectMoneyInvariants();
  });

  it("publishes rounds anyone can verify", async () => {
    for (let i = 0; i < 5; i++) await finishRound(4);
    const rows = (await roundsOf(4)).filter((r) => r.status === "settled");
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      const check = await verifyRound({
        seedHex: row.seed!,
        commit: row.commit,
        roomId: 4,
        seqno: row.seqno,
        gameType: 4,
        numbers: JSON.parse(row.numbers!),
      });
      expect(check).toMatchObject({ ok: true, problems: [] });
      expect(JSON.parse(row.numbers!).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });
});
