import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allDatabases } from "./shard-helpers";
import { freshStorage } from "./support/fresh-storage";
import { settings } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The test files of a project share one runtime (docs/decisions/165): tests/setup.ts starts each with
// freshStorage(), which must leave nothing of the file before in any database or room: rows, a room's storage and
// its alarm, or a room's memory (what the live object keeps: a shard's last bookmark from databases now gone). This
// file marks everything, starts again as the next file would, and finds no mark.
const MARK = "storage-reset-mark";
const room = () => env.ROOMS.get(env.ROOMS.idFromName("storage-reset-room"));
const settingsMarks = async (d1: D1Database) =>
  await d1
    .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(settings)} WHERE key = ?`)
    .bind(MARK)
    .first<number>("n");

describe("each test file's storage", () => {
  it("holds nothing of the file before: no row in any database, no room's storage, alarm or memory", async () => {
    for (const d1 of allDatabases()) {
      await d1
        .prepare(`INSERT INTO ${quotedTable(settings)} (key, value) VALUES (?, '1') ON CONFLICT DO NOTHING`)
        .bind(MARK)
        .run();
      expect(await settingsMarks(d1)).toBe(1);
    }
    const alarmAt = Date.now() + 3_600_000;
    await runInDurableObject(room(), async (instance, state) => {
      Object.assign(instance, { [MARK]: 1 });
      await state.storage.put(MARK, 1);
      await state.storage.setAlarm(alarmAt);
    });
    expect(await runInDurableObject(room(), async (_, state) => state.storage.getAlarm())).toBe(alarmAt);

    await freshStorage();

    for (const d1 of allDatabases()) expect(await settingsMarks(d1)).toBe(0);
    const left = await runInDurableObject(room(), async (instance, state) => ({
      memory: (instance as unknown as Record<string, unknown>)[MARK],
      mark: await state.storage.get(MARK),
      alarm: await state.storage.getAlarm(),
    }));
    expect(left).toEqual({ memory: undefined, mark: undefined, alarm: null });
  });
});
