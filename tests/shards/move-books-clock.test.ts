import { describe, expect, it } from "vitest";
import { clockTime, formatDate } from "#shared/days";
import { describeAtBothEnds, playerWhere, today } from "./move-books-helpers";
import { shardD1 } from "./move-helpers";
import { readsWallClock } from "../support/isolate-clock";
import { shardIsControl } from "../shard-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { users } from "../../worker/db/schema";

// The tests of a move's books per day run at set times of today (describeAtBothEnds, tests/support/isolate-clock.ts):
// they do read that time of the player's day, in the test and in the Worker's code alike, whatever the hour the suite
// runs, and the tests after them the wall clock again; each run moves players between the databases it says.

describeAtBothEnds("the runs of the books per day's tests", (end) => {
  it("moves players out of the control database early in the day, between databases of their own late", () => {
    expect(end.shards.map(shardIsControl)).toEqual([end.fromControl, false, false]);
  });

  it("reads the run's time of today (UTC+8) and runs on from it", async () => {
    expect(clockTime(end.clockAt)).toBe(`${formatDate(today)} ${end.time}`);
    const sinceSet = Date.now() - end.clockAt;
    expect(sinceSet).toBeGreaterThanOrEqual(0);
    // the clock is set before the run's storage is made; the day's end leaves 3 minutes to midnight
    expect(sinceSet).toBeLessThan(180_000);
    expect(clockTime(new Date().getTime())).toBe(clockTime(Date.now()));
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

describe("after the runs at both ends of the day", () => {
  it("reads the wall clock again", () => {
    expect(readsWallClock()).toBe(true);
  });
});
