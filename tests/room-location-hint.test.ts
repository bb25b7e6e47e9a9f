import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, operatorLogin } from "./helpers";
import { auditRows } from "./admin-helpers";
import { roomStub, wakeOpenRooms } from "../worker/room/routing";
import { rooms as roomsTable } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Rooms near their players (docs/decisions/160): a room's location hint is a console setting, audited,
// and reaches Cloudflare when the room's object is first asked for.

const ROOM = 2;

/** A Durable Object namespace that records what it was asked, in front of the real one. */
function recordingRooms() {
  const asked: { name: string; options: unknown }[] = [];
  const names = new Map<DurableObjectId, string>();
  const rooms = {
    idFromName(name: string) {
      const id = env.ROOMS.idFromName(name);
      names.set(id, name);
      return id;
    },
    get(id: DurableObjectId, options?: unknown) {
      asked.push({ name: names.get(id) ?? "?", options });
      return env.ROOMS.get(id);
    },
  };
  return { env: { ...env, ROOMS: rooms as unknown as typeof env.ROOMS }, asked };
}

async function roomForm(token: string, id: number) {
  const answer = await api("/api/admin/rooms/get", { token, id });
  expectOk(answer);
  const room = answer.data;
  return {
    id,
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

describe("room location hints", () => {
  it("saves a hint with its audit row, keeps it when a form leaves it out, clears it with an empty choice", async () => {
    const token = await operatorLogin();
    const form = await roomForm(token, ROOM);
    const saved = await api("/api/admin/rooms/update", { token, ...form, locationHint: "apac" });
    expectOk(saved);
    expect(saved.data.locationHint).toBe("apac");
    const [audit] = await auditRows("room.update", `room:${ROOM}`);
    expect(JSON.parse(audit.after!)).toMatchObject({ locationHint: "apac" });
    expectOk(await api("/api/admin/rooms/update", { token, ...form }));
    expect((await api("/api/admin/rooms/get", { token, id: ROOM })).data.locationHint).toBe("apac");
    expectOk(await api("/api/admin/rooms/update", { token, ...form, locationHint: "" }));
    expect((await api("/api/admin/rooms/get", { token, id: ROOM })).data.locationHint).toBeNull();
  });

  it("refuses a hint Cloudflare does not know (1127) and changes nothing", async () => {
    const token = await operatorLogin();
    const form = await roomForm(token, ROOM);
    expectError(await api("/api/admin/rooms/update", { token, ...form, locationHint: "mars" }), 1127);
    expect((await api("/api/admin/rooms/get", { token, id: ROOM })).data.locationHint).toBeNull();
  });

  it("asks for a room's object with its hint, and without one when the room has none", () => {
    const { env: recording, asked } = recordingRooms();
    roomStub(recording, 7, "weur");
    roomStub(recording, 8, null);
    roomStub(recording, 9, "nowhere");
    expect(asked).toEqual([
      { name: "7", options: { locationHint: "weur" } },
      { name: "8", options: undefined },
      { name: "9", options: undefined },
    ]);
  });

  it("wakes each trading room with its own hint (the cron, which usually creates a room's object)", async () => {
    await env.DB.prepare(`UPDATE ${quotedTable(roomsTable)} SET location_hint = 'enam' WHERE id = 3`).run();
    const { env: recording, asked } = recordingRooms();
    await wakeOpenRooms(recording);
    expect(asked.find((a) => a.name === "3")?.options).toEqual({ locationHint: "enam" });
    expect(asked.find((a) => a.name === "1")?.options).toBeUndefined();
    await env.DB.prepare(`UPDATE ${quotedTable(roomsTable)} SET location_hint = NULL WHERE id = 3`).run();
  });
});
