import { env } from "cloudflare:workers";
import { dayStartMs } from "#shared/days";
import { shiftedDate } from "./support/clock-ahead";

// A project's clock at a time of the player's day (UTC+8), whatever the hour the suite runs: vitest.config.ts's
// `clockAt` option sets TEST_CLOCK_AT ("HH:MM") and runs this file before the test file is imported, so the
// isolate's Date (the test's and the Worker code's it calls) reads that time of today, running on from it at
// the wall clock's pace. The books per day tests run at set hours this way (docs/testing.md). A room
// schedules its alarms on the runtime's own clock, so a project with a shifted clock holds no tests of rooms.

const WALL_DATE = Symbol.for("tests.wallDate");
const clockAt = env.TEST_CLOCK_AT;
if (clockAt) {
  const match = /^(\d{2}):(\d{2})$/.exec(clockAt);
  if (!match) throw new Error(`TEST_CLOCK_AT is "HH:MM", not "${clockAt}"`);
  // the wall clock's Date, kept once: a later test file's setup in the same isolate shifts from it, not again
  const wall = globalThis as unknown as { [WALL_DATE]?: DateConstructor };
  const WallDate = (wall[WALL_DATE] ??= Date);
  const wallNow = WallDate.now();
  const offsetMs = dayStartMs(wallNow) + (Number(match[1]) * 60 + Number(match[2])) * 60_000 - wallNow;
  globalThis.Date = shiftedDate(WallDate, offsetMs);
}
