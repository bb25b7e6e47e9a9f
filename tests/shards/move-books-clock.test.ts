import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clockTime } from "#shared/days";
import { playerWhere, today } from "./move-books-helpers";
import { shardD1 } from "./move-helpers";
import { users } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The projects that run a move's books per day at set hours (vitest.config.ts, tests/clock-setup.ts) do read
// that time of the player's day, in the test and in the Worker's code alike, whatever the hour the suite runs.

describe("the clock of the books per day's projects", () => {
  it("reads the project's time of today (UTC+8) and runs on from it", async () => {
    const clockAt = env.TEST_CLOCK_AT;
    expect(clockAt, "a project of these tests sets its time of the day").toMatch(/^\d{2}:\d{2}$/);
    const [hours, minutes] = clockAt!.split(":").map(Number);
    const sinceSet = Date.now() - (today + (hours * 60 + minutes) * 60_000);
    expect(sinceSet).toBeGreaterThanOrEqual(0);
    // the clock is set before the file's storage is migrated; the day-end project's margin to midnight is 3 minutes
    expect(sinceSet).toBeLessThan(180_000);
    expect(clockTime(new Date().getTime()).slice(11)).toBe(clockTime(Date.now()).slice(11));
    const first = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now()).toBeGreaterThan(first);
    // the Worker's code reads the same clock: registration stamps the player with it
    const before = Date.now();
    const p = await playerWhere(() => true);
    const user = await shardD1(p.shard)
      .prepare(`SELECT created_at_ms AS createdAtMs FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(p.id)
      .first<{ createdAtMs: number }>();
    expect(user!.createdAtMs).toBeGreaterThanOrEqual(before);
    expect(user!.createdAtMs).toBeLessThanOrEqual(Date.now());
  });
});
