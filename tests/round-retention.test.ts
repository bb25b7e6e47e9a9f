import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { RETENTION_CURSOR_KEY, RETENTION_STEP, pruneIdleRounds } from "../worker/room/round-retention";
import { latestPublicRounds } from "../worker/room/rounds";
import { registerPlayer } from "./helpers";
import { userIdOf } from "./rooms-helpers";
import { everywhere, playerD1 } from "./shard-helpers";
import { rounds, orders, accountDirectory, roundSettlements, settings } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Drawn rounds nobody bet on are deleted after the retention; everything a player or a verifier may
// still ask about stays (docs/decisions/041-round-retention.md).

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const ROOM = 2;
const db = () => databasesOf(env).control;

/** Inserts a finished round of room ROOM drawn `daysAgo` days before NOW; returns its id. */
async function round(
  seqno: number,
  daysAgo: number,
  status: "settled" | "void" | "open" = "settled",
  room = ROOM,
  id: number | null = null,
) {
  const drawAt = NOW - daysAgo * DAY;
  const row = await env.DB.prepare(
    `INSERT INTO ${quotedTable(rounds)} (id, room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", seed, status, void_reason)
     VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      id,
      room,
      seqno,
      drawAt - 180_000,
      drawAt - 60_000,
      drawAt,
      "c".repeat(64),
      status === "settled" ? "s".repeat(64) : null,
      status,
      status === "void" ? "seed_lost" : null,
    )
    .first<{ id: number }>();
  return row!.id;
}

/**
 * A bet on the round as a settled round has it: the order in the player's shard, and the control database's row
 * that the shard was paid (docs/decisions/161), which is what keeps a bet-on round once orders live in shards.
 */
async function betOn(roundId: number, userId: number) {
  await (
    await playerD1(userId)
  )
    .prepare(
      `INSERT INTO ${quotedTable(orders)} (ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES (?, ?, ?, ?, 100, ?)`,
    )
    .bind(`retention-${roundId}`, userId, ROOM, roundId, NOW)
    .run();
  const { shard } = (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(userId)
    .first<{ shard: number }>())!;
  await env.DB.prepare(`INSERT INTO ${quotedTable(roundSettlements)} (round_id, shard, settled_at_ms) VALUES (?, ?, ?)`)
    .bind(roundId, shard, NOW)
    .run();
}

const remaining = async () =>
  (
    await env.DB.prepare(`SELECT seqno FROM ${quotedTable(rounds)} WHERE room_id = ? ORDER BY seqno`)
      .bind(ROOM)
      .all<{ seqno: number }>()
  ).results.map((r) => r.seqno);
const cursor = async () =>
  Number(
    (
      await env.DB.prepare(`SELECT value FROM ${quotedTable(settings)} WHERE key = ?`)
        .bind(RETENTION_CURSOR_KEY)
        .first<{ value: string }>()
    )?.value,
  );

describe("retention of rounds nobody bet on", () => {
  // Each case starts from no rounds and no cursor (storage is shared by the cases of a file).
  beforeEach(async () => {
    await everywhere(`DELETE FROM ${quotedTable(orders)}`).run();
    await env.DB.batch([
      env.DB.prepare(`DELETE FROM ${quotedTable(roundSettlements)}`),
      env.DB.prepare(`DELETE FROM ${quotedTable(rounds)}`),
      env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = ?`).bind(RETENTION_CURSOR_KEY),
    ]);
  });

  it("deletes old drawn rounds without bets and keeps bet-on, void, recent and latest rounds", async () => {
    const player = await registerPlayer();
    const userId = await userIdOf(player.username);
    await round(1, 40); // old, idle: deleted
    const betRound = await round(2, 40); // old, bet on: kept
    await betOn(betRound, userId);
    await round(3, 40, "void"); // void: kept, voiding stays public
    await round(4, 31); // old, idle: deleted
    await round(5, 29); // within 30 days: kept
    await round(6, 1); // latest: kept

    const run = await pruneIdleRounds(db(), NOW, 30);
    expect(run.deleted).toBe(2);
    expect(await remaining()).toEqual([2, 3, 5, 6]);
    // The public history still lists what is left, void round with its reason.
    const history = await latestPublicRounds(db(), ROOM, 10);
    expect(history.map((r) => r.seqno)).toEqual([6, 5, 3, 2]);

    // Walked once: a second run deletes nothing; when round 5 ages past the retention, it goes.
    expect((await pruneIdleRounds(db(), NOW, 30)).deleted).toBe(0);
    expect((await pruneIdleRounds(db(), NOW + 2 * DAY, 30)).deleted).toBe(1);
    expect(await remaining()).toEqual([2, 3, 6]);
  });

  it("never deletes a room's latest round, so its numbering goes on without reuse", async () => {
    await round(1, 90);
    await round(2, 80);
    expect((await pruneIdleRounds(db(), NOW, 30)).deleted).toBe(1);
    expect(await remaining()).toEqual([2]);
  });

  it("stops its walk at the first round still within the retention, even when later ids are older", async () => {
    const young = await round(1, 10, "settled", 3); // a long round of another room, drawn recently
    const old = await round(1, 60); // a later id, older
    await round(2, 1);
    const run = await pruneIdleRounds(db(), NOW, 30);
    expect(run).toEqual({ deleted: 0, cursor: young - 1 });
    expect(await remaining()).toEqual([1, 2]);
    // Once the blocking round is past the retention too, the walk goes on and the older round goes.
    const later = await pruneIdleRounds(db(), NOW + 25 * DAY, 30);
    expect(later.deleted).toBe(1);
    expect(later.cursor).toBeGreaterThanOrEqual(old);
    expect(await remaining()).toEqual([2]);
  });

  it("walks past an open round older than the retention without deleting it", async () => {
    const open = await round(1, 60, "open");
    await round(2, 1);
    const run = await pruneIdleRounds(db(), NOW, 30);
    expect(run.deleted).toBe(0);
    expect(run.cursor).toBeGreaterThanOrEqual(open);
    expect(await remaining()).toEqual([1, 2]);
  });

  it("walks at most one step of ids a run, keeping the cursor in the settings", async () => {
    const first = await round(1, 60);
    await env.DB.prepare(`INSERT INTO ${quotedTable(settings)} (key, value) VALUES (?, ?)`)
      .bind(RETENTION_CURSOR_KEY, String(first - 1))
      .run();
    // A gap of ids wider than one step (ids of rounds deleted long ago): the walk crosses it in two runs.
    const far = await round(2, 50, "settled", ROOM, first + RETENTION_STEP + 10);
    await round(3, 1);
    const step1 = await pruneIdleRounds(db(), NOW, 30);
    expect(step1).toEqual({ deleted: 1, cursor: first - 1 + RETENTION_STEP });
    expect(await cursor()).toBe(first - 1 + RETENTION_STEP);
    const step2 = await pruneIdleRounds(db(), NOW, 30);
    expect(step2.deleted).toBe(1);
    expect(step2.cursor).toBe(far);
    expect(await remaining()).toEqual([3]);
  });
});
