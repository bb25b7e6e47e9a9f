import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, operatorLogin } from "./helpers";
import { auditRows } from "./admin-helpers";
import { rooms } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const ROOM = 1;

async function settings(token: string, id = ROOM) {
  const answer = await api("/api/admin/rooms/get", { token, id });
  expectOk(answer);
  return answer.data;
}

function formOf(room: any) {
  return {
    id: room.id,
    title: room.title,
    kind: room.kind,
    minjoin: room.minjoin,
    minbuy: room.minbuy,
    minLevel: room.minLevel,
    roundSeconds: room.roundSeconds ?? "",
    closeSeconds: room.closeSeconds ?? "",
    trading: room.trading ? "1" : "0",
    rates: room.options.map((o: { odds: number }) => String(o.odds)),
  };
}

describe("rooms and odds", () => {
  it("lists rooms one page at a time and shows each option's odds with its RTP from the rules", async () => {
    const token = await operatorLogin();
    const page = await api("/api/admin/rooms", { token });
    expect(page.data.list).toHaveLength(24);
    expect(page.data.hasMore).toBe(true);
    const room = await settings(token, page.data.list[0].id);
    for (const o of room.options) expect(o.rtp).toBeGreaterThan(0);
  });

  it("saves new odds and settings with before and after in the audit row; the RTP follows the odds", async () => {
    const token = await operatorLogin();
    const before = await settings(token);
    const form = formOf(before);
    form.rates[0] = "1.5";
    form.minbuy = 25;
    const saved = await api("/api/admin/rooms/update", { token, ...form });
    expectOk(saved);
    expect(saved.data.options[0].odds).toBe(1.5);
    expect(saved.data.options[0].rtp).toBeCloseTo((before.options[0].rtp * 1.5) / before.options[0].odds, 6);
    const row = await env.DB.prepare(`SELECT rates_milli, minbuy_cents FROM ${quotedTable(rooms)} WHERE id = ?`)
      .bind(ROOM)
      .first<{ rates_milli: string; minbuy_cents: number }>();
    expect(JSON.parse(row!.rates_milli)[0]).toBe(1500);
    expect(row!.minbuy_cents).toBe(2500);
    const [audit] = await auditRows("room.update", `room:${ROOM}`);
    expect(JSON.parse(audit.before!).odds[0]).toBe(before.options[0].odds);
    expect(JSON.parse(audit.after!)).toMatchObject({ minbuy: 25 });
    expect(JSON.parse(audit.after!).odds[0]).toBe(1.5);
  });

  it("refuses bad settings (1127) and unknown rooms (1126), changing nothing", async () => {
    const token = await operatorLogin();
    const room = await settings(token, 2);
    const bad = [
      { rates: room.options.slice(1).map((o: { odds: number }) => o.odds) },
      { rates: room.options.map(() => "1.000") },
      { rates: room.options.map(() => "abc") },
      { minbuy: 0 },
      { minLevel: 9 },
      { roundSeconds: 5 },
      { roundSeconds: 60, closeSeconds: 60 },
      { kind: "gold" },
      { title: "" },
    ];
    for (const change of bad)
      expectError(await api("/api/admin/rooms/update", { token, ...formOf(room), ...change }), 1127);
    expectError(await api("/api/admin/rooms/update", { token, ...formOf(room), id: 99999 }), 1126);
    expect(await settings(token, 2)).toEqual(room);
    expect(await auditRows("room.update", "room:2")).toEqual([]);
  });
});
