import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { auditRows } from "./admin-helpers";
import { commitOf, fromHex } from "#shared/games/fairness";
import { checkPublishedRound } from "../worker/room/verify";
import { balanceOf, currentRound, placeOk, playerWith, reschedule, stubOf } from "./rooms-helpers";
import { rounds, accountDirectory } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Rooms an operator creates, and rounds an operator voids before their draw (docs/product.md#operators).

async function template(token: string, gameId: number) {
  const answer = await api("/api/admin/rooms/template", { token, gameId });
  expectOk(answer);
  return answer.data;
}

function newRoomBody(t: any, overrides: Record<string, unknown> = {}) {
  return {
    gameId: t.gameId,
    roomtype: 2,
    title: "Lucky 28 · BTC night",
    kind: "vip",
    minjoin: "500",
    minbuy: "30",
    minLevel: "2",
    roundSeconds: "",
    closeSeconds: "",
    trading: "1",
    rates: t.options.map((o: { odds: number }) => String(o.odds)),
    ...overrides,
  };
}

describe("creating a room", () => {
  it("offers the game's default odds with their RTP, creates the room audited, and its first round uses its settings", async () => {
    const token = await operatorLogin();
    const games = await api("/api/admin/games", { token });
    const lucky = games.data.list.find((g: { type: number }) => g.type === 1);
    const t = await template(token, lucky.id);
    expect(t.options).toHaveLength(11);
    for (const o of t.options) expect(o.rtp).toBeGreaterThan(0.9);
    const body = newRoomBody(t);
    body.rates[0] = "1.9";
    const created = await api("/api/admin/rooms/create", { token, ...body });
    expectOk(created);
    const id = created.data.id;
    expect(created.data).toMatchObject({
      title: "Lucky 28 · BTC night",
      roomtype: 2,
      kind: "vip",
      minjoin: 500,
      minbuy: 30,
      minLevel: 2,
      trading: true,
    });
    const [audit] = await auditRows("room.create", `room:${id}`);
    expect(audit.before).toBeNull();
    expect(JSON.parse(audit.after!)).toMatchObject({
      gameId: lucky.id,
      minbuy: 30,
      odds: expect.arrayContaining([1.9]),
    });
    const round = await currentRound(id);
    const rules = await env.DB.prepare(
      `SELECT rates_milli, minbuy_cents, min_level FROM ${quotedTable(rounds)} WHERE id = ?`,
    )
      .bind(round.roundId)
      .first<Record<string, any>>();
    expect(JSON.parse(rules!.rates_milli)[0]).toBe(1900);
    expect(rules).toMatchObject({ minbuy_cents: 3000, min_level: 2 });
    // The new room is listed in its tab for players.
    const player = await registerPlayer();
    const tab = await api("/api/Game/getroomlist", { token: player.token, roomtype: 2 });
    expect(JSON.stringify(tab.data)).toContain("Lucky 28 · BTC night");
  });

  it("refuses bad settings (1127) or an unknown game (1126), writing nothing", async () => {
    const token = await operatorLogin();
    const games = await api("/api/admin/games", { token });
    const t = await template(token, games.data.list[0].id);
    const rooms = await count("rooms");
    const audits = await count("audit_log", "action = 'room.create'");
    const bad = [
      { rates: t.options.slice(1).map((o: { odds: number }) => o.odds) },
      { rates: t.options.map(() => "1.000") },
      { roomtype: 4 },
      { minbuy: 0 },
      { kind: "gold" },
      { title: " " },
      { roundSeconds: 60, closeSeconds: 60 },
    ];
    for (const change of bad)
      expectError(await api("/api/admin/rooms/create", { token, ...newRoomBody(t), ...change }), 1127);
    expectError(await api("/api/admin/rooms/create", { token, ...newRoomBody(t), gameId: 9999 }), 1126);
    expectError(await api("/api/admin/rooms/template", { token, gameId: 9999 }), 1126);
    expect(await count("rooms")).toBe(rooms);
    expect(await count("audit_log", "action = 'room.create'")).toBe(audits);
  });
});

describe("voiding a round", () => {
  const ROOM = 15;

  it("refunds every stake through the room's settlement, keeps the reason, audits, opens the next round; the books balance", async () => {
    const token = await operatorLogin();
    const a = await playerWith(100_000);
    const b = await playerWith(100_000);
    await placeOk(a.token, ROOM, [
      [0, 1.98, 50],
      [4, 3.4, 20],
    ]);
    await placeOk(b.token, ROOM, [[1, 1.98, 100]]);
    expect(await balanceOf(a.userId)).toBe(100_000 - 7_000);
    const round = await currentRound(ROOM);
    const voided = await api("/api/admin/rounds/void", {
      token,
      roundId: round.roundId,
      reason: "Feed outage at the venue",
    });
    expectOk(voided);
    expect(await balanceOf(a.userId)).toBe(100_000);
    expect(await balanceOf(b.userId)).toBe(100_000);
    const row = await env.DB.prepare(
      `SELECT status, void_reason, void_note, seed, voided_by FROM ${quotedTable(rounds)} WHERE id = ?`,
    )
      .bind(round.roundId)
      .first<Record<string, any>>();
    expect(row).toMatchObject({ status: "void", void_reason: "operator", void_note: "Feed outage at the venue" });
    // The seed is published like a drawn round's: it is the one committed to at open.
    expect(row!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await commitOf(fromHex(row!.seed))).toBe(round.commit);
    const published = await api("/api/Game/getround", { roomid: ROOM, seqno: round.seqno });
    expect(published.data).toMatchObject({
      status: "void",
      voidReason: "operator",
      seed: row!.seed,
      commit: round.commit,
    });
    expect((await checkPublishedRound(published.data)).ok).toBe(true);
    expect((await checkPublishedRound({ ...published.data, commit: "0".repeat(64) })).ok).toBe(false);
    const [audit] = await auditRows("round.void", `room:${ROOM}`);
    expect(JSON.parse(audit.after!)).toMatchObject({
      round: round.roundId,
      status: "void",
      note: "Feed outage at the venue",
    });
    // The room went on with a new round at once, and the void round is listed publicly with its reason key.
    const next = await currentRound(ROOM);
    expect(next.seqno).toBe(round.seqno + 1);
    const history = await api("/api/admin/rounds", { token, roomId: ROOM });
    expect(history.data.list).toContainEqual(
      expect.objectContaining({
        id: round.roundId,
        status: "void",
        voidReason: "operator",
        voidNote: "Feed outage at the venue",
        voidedBy: "admin",
        seed: row!.seed,
      }),
    );
    expect(history.data.voids).toEqual({ operator: 1 });
    // Voiding twice, or a round already settled, is 1150 and moves nothing.
    expectError(await api("/api/admin/rounds/void", { token, roundId: round.roundId, reason: "again" }), 1150);
    // Two refunds, and the house's stakes of the round and its refund of them in each wallet shard that held a
    // stake: the house is booked per round and shard (docs/decisions/110, 161). One database: four rows.
    const stakeShards = await env.DB.prepare(
      `SELECT COUNT(DISTINCT shard) AS n FROM ${quotedTable(accountDirectory)} WHERE id IN (?, ?)`,
    )
      .bind(a.userId, b.userId)
      .first<{ n: number }>();
    expect(await count("ledger", "ref = ?", `round:${round.roundId}`)).toBe(2 + 2 * stakeShards!.n);
    await expectMoneyInvariants();
  });

  it("refuses a round whose draw time has come (the draw wins), a missing reason (1151) and unknown rounds (1150)", async () => {
    const token = await operatorLogin();
    const p = await playerWith(10_000);
    await placeOk(p.token, ROOM, [[0, 1.98, 20]]);
    const round = await currentRound(ROOM);
    const voids = (await auditRows("round.void", `room:${ROOM}`)).length;
    for (const reason of ["", "  ", "ab", undefined, "x".repeat(201)])
      expectError(await api("/api/admin/rounds/void", { token, roundId: round.roundId, reason }), 1151);
    expectError(await api("/api/admin/rounds/void", { token, roundId: 99_999_999, reason: "nothing here" }), 1150);
    await reschedule(ROOM, -2_000, -1_000);
    expectError(await api("/api/admin/rounds/void", { token, roundId: round.roundId, reason: "too late" }), 1150);
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    const row = await env.DB.prepare(`SELECT status FROM ${quotedTable(rounds)} WHERE id = ?`)
      .bind(round.roundId)
      .first<{ status: string }>();
    expect(row!.status).toBe("settled");
    expect(await auditRows("round.void", `room:${ROOM}`)).toHaveLength(voids);
    await expectMoneyInvariants();
  });
});
