import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";
import { rounds as roundsTable, rooms as roomsTable } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console-wide board of rounds in play and of voided rounds, and the rooms list narrowed by game,
// currency and kind (docs/decisions/140).

type BoardRow = {
  id: number;
  roomId: number;
  room: { titleKey: string; roomtype: number; kind: string };
  seqno: number;
  drawAt: number;
  voidNote: string | null;
  voidedBy: string | null;
  bets: number;
  stakes: number;
};

async function board(body: Record<string, unknown>) {
  const answer = await api("/api/admin/rounds/board", { token: await operatorLogin(), ...body });
  expectOk(answer);
  return answer.data as { list: BoardRow[]; hasMore: boolean; next: string | null; prev: string | null };
}

describe("rounds board", () => {
  it("lists every room's round in play, soonest draw first, with its stakes waiting; a voided round moves to the voids with who and why", async () => {
    const a = await playerWith(100_000);
    const rounds = await Promise.all([1, 15, 16].map((room) => currentRound(room)));
    await placeOk(a.token, 15, [
      [0, 1.98, 50],
      [1, 1.98, 20],
    ]);
    const open = await board({ status: "open" });
    const ids = open.list.map((r) => r.id);
    for (const round of rounds) expect(ids).toContain(round.roundId);
    const draws = open.list.map((r) => r.drawAt);
    expect([...draws].sort((x, y) => x - y)).toEqual(draws);
    const room15 = open.list.find((r) => r.id === rounds[1].roundId)!;
    expect(room15).toMatchObject({ roomId: 15, bets: 2, stakes: 70, room: expect.objectContaining({ roomtype: 1 }) });

    expectOk(
      await api("/api/admin/rounds/void", {
        token: await operatorLogin(),
        roundId: rounds[1].roundId,
        reason: "#technical Feed froze",
      }),
    );
    const voids = await board({ status: "void" });
    expect(voids.list[0]).toMatchObject({
      id: rounds[1].roundId,
      voidedBy: "admin",
      voidNote: "#technical Feed froze",
      bets: 2,
      stakes: 70,
    });
    expect((await board({ status: "open" })).list.map((r) => r.id)).not.toContain(rounds[1].roundId);
    await expectMoneyInvariants();
  });

  it("pages voids newest first by cursor, without a gap or a repeat", async () => {
    // void rounds as the rooms leave them (seed lost), written straight into D1 for 25 past draws
    for (let i = 0; i < 25; i++) {
      await env.DB.prepare(
        `INSERT INTO ${quotedTable(roundsTable)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status, void_reason) VALUES (2, ?, 1, ?, ?, ?, ?, 'void', 'seed_lost')`,
      )
        .bind(900_000 + i, 1_600_000_000_000 + i, 1_600_000_000_000 + i, 1_600_000_000_000 + i, "0".repeat(64))
        .run();
    }
    const seen: number[] = [];
    let page = await board({ status: "void" });
    seen.push(...page.list.map((r) => r.id));
    while (page.hasMore) {
      page = await board({ status: "void", page: 2, after: page.next });
      seen.push(...page.list.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(25);
    const drawn = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM ${quotedTable(roundsTable)} WHERE status = 'void'`,
    ).first<{ n: number }>();
    expect(seen.length).toBe(drawn!.n);
    expectError(await api("/api/admin/rounds/board", { token: await operatorLogin(), status: "settled" }), 1001);
  });
});

type RoomRow = { id: number; gameId: number; roomtype: number; kind: string };

async function rooms(body: Record<string, unknown>) {
  const answer = await api("/api/admin/rooms", { token: await operatorLogin(), ...body });
  expectOk(answer);
  return answer.data as { list: RoomRow[]; hasMore: boolean };
}

describe("rooms list filters", () => {
  it("narrows by game, currency tab and kind, each alone and together", async () => {
    const all = await env.DB.prepare(
      `SELECT id, game_id AS gameId, roomtype, kind FROM ${quotedTable(roomsTable)}`,
    ).all<RoomRow>();
    const expectIds = (filter: (r: RoomRow) => boolean) =>
      all.results
        .filter(filter)
        .map((r) => r.id)
        .sort((x, y) => x - y);
    const idsOf = (list: RoomRow[]) => list.map((r) => r.id).sort((x, y) => x - y);
    expect(idsOf((await rooms({ gameId: 1 })).list)).toEqual(expectIds((r) => r.gameId === 1));
    expect(idsOf((await rooms({ roomtype: 2 })).list)).toEqual(expectIds((r) => r.roomtype === 2));
    expect(idsOf((await rooms({ kind: "vip" })).list)).toEqual(expectIds((r) => r.kind === "vip"));
    expect(idsOf((await rooms({ gameId: 1, roomtype: 1, kind: "standard" })).list)).toEqual(
      expectIds((r) => r.gameId === 1 && r.roomtype === 1 && r.kind === "standard"),
    );
    expect((await rooms({ gameId: "", roomtype: "", kind: "" })).list.length).toBeGreaterThan(0);
    expect((await rooms({ gameId: 9999 })).list).toEqual([]);
  });

  it("refuses a filter outside its list (1001)", async () => {
    const token = await operatorLogin();
    for (const body of [{ kind: "gold" }, { roomtype: 4 }, { roomtype: 0 }, { gameId: "one" }])
      expectError(await api("/api/admin/rooms", { token, ...body }), 1001);
  });
});
