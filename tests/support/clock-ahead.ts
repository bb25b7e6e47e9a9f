import { forgetPerFile } from "./file-state";

// A test that needs a later moment (the next TOTP step) moves the isolate's clock there instead of sleeping: the
// test's Date and the Worker code's it calls read the moved time, running on at the wall clock's pace. The next
// test file starts on the clock it had before the first move (tests/support/file-state.ts).

/** A Date that reads `offsetMs` after `Base`, running on at its pace (a given moment is read as given). */
export function shiftedDate(Base: DateConstructor, offsetMs: number): DateConstructor {
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

let before: DateConstructor | undefined;
let aheadMs = 0;

/** Moves the isolate's Date `ms` ahead (on top of any earlier move of this file, and a project's clockAt). */
export function moveClockAhead(ms: number): void {
  const Base = (before ??= Date);
  aheadMs += ms;
  globalThis.Date = shiftedDate(Base, aheadMs);
}

forgetPerFile(() => {
  if (before) globalThis.Date = before;
  before = undefined;
  aheadMs = 0;
});
