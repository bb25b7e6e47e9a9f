import { forgetPerFile } from "./file-state";

// The isolate's clock, which the test and the Worker code it calls in-process both read through the global Date.
// A test may set it at a moment (setClockAt: the books per day at set hours of today, whatever the hour the suite
// runs) and move it ahead instead of sleeping (moveClockAhead: the next TOTP step); it runs on at the wall
// clock's pace. Each test file starts on the wall clock (tests/support/file-state.ts). A room schedules its alarms
// on the runtime's own clock, which this does not move: a test that sets the clock touches no room.

const WALL_DATE = Symbol.for("tests.wallDate");
const kept = globalThis as unknown as { [WALL_DATE]?: DateConstructor };
/** The wall clock's Date, kept once per isolate: whatever a file left, the clock is set from it, not from a shift. */
const WallDate = (kept[WALL_DATE] ??= Date);

/** A Date that reads `offsetMs` after `Base`, running on at its pace (a given moment is read as given). */
function shiftedDate(Base: DateConstructor, offsetMs: number): DateConstructor {
  class ShiftedDate extends Base {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(Base.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static now() {
      return Base.now() + offsetMs;
    }
  }
  return ShiftedDate as DateConstructor;
}

/** Where the clock was set (0: the wall clock), and how far it was moved ahead since. */
let setMs = 0;
let aheadMs = 0;

function apply() {
  globalThis.Date = setMs || aheadMs ? shiftedDate(WallDate, setMs + aheadMs) : WallDate;
}

/** Sets the isolate's clock to read `moment` (epoch ms) now, running on from it; a move ahead before it is dropped. */
export function setClockAt(moment: number): void {
  setMs = moment - WallDate.now();
  aheadMs = 0;
  apply();
}

/** Moves the isolate's clock `ms` ahead (on top of any earlier move, and of a time set with setClockAt). */
export function moveClockAhead(ms: number): void {
  aheadMs += ms;
  apply();
}

/** Whether the isolate's clock is the wall clock, neither set nor moved. */
export const readsWallClock = (): boolean => globalThis.Date === WallDate;

/** Puts the isolate's clock back on the wall clock. */
export function wallClock(): void {
  setMs = 0;
  aheadMs = 0;
  apply();
}

forgetPerFile(wallClock);
