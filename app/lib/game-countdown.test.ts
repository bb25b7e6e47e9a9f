import { describe, expect, it } from "vitest";
import {
  bettingOpen,
  clockOffset,
  roundClock,
  deviceDeadline,
  formatCountdown,
  msLeftWhenServed,
  nextShownNow,
  remainingSeconds,
  secondsOfDiff,
  toDeviceTime,
} from "./game-countdown";

describe("round countdown", () => {
  it("counts to the close of betting while it is open, then to the draw", () => {
    expect(roundClock(179, 60)).toEqual({ phase: "open", seconds: 119 });
    expect(roundClock(61, 60)).toEqual({ phase: "open", seconds: 1 });
    expect(roundClock(60, 60)).toEqual({ phase: "closed", seconds: 60 });
    expect(roundClock(1, 60)).toEqual({ phase: "closed", seconds: 1 });
    expect(roundClock(0, 60)).toEqual({ phase: "drawing", seconds: 0 });
  });

  it("reads the server's diff as seconds", () => {
    expect(secondsOfDiff({ minute: 2, second: 5 })).toBe(125);
    expect(secondsOfDiff({ minute: 0, second: -3 })).toBe(0);
    expect(secondsOfDiff(null)).toBe(0);
  });

  it("counts down in whole seconds, rounding up, never below zero", () => {
    const deadline = deviceDeadline(90_000, 1_000_000);
    expect(remainingSeconds(deadline, 1_000_000)).toBe(90);
    expect(remainingSeconds(deadline, 1_000_001)).toBe(90);
    expect(remainingSeconds(deadline, 1_089_999)).toBe(1);
    expect(remainingSeconds(deadline, 1_090_000)).toBe(0);
    expect(remainingSeconds(deadline, 2_000_000)).toBe(0);
  });

  it("keeps the shown time while a tick gives the same whole second, so the room renders once a second", () => {
    const deadline = deviceDeadline(90_000, 1_000_000);
    expect(nextShownNow(null, deadline, 1_000_250)).toBe(1_000_250);
    expect(nextShownNow(1_000_250, null, 1_000_500)).toBe(1_000_500);
    expect(nextShownNow(1_000_250, deadline, 1_000_500)).toBe(1_000_250);
    expect(nextShownNow(1_000_250, deadline, 1_000_999)).toBe(1_000_250);
    expect(nextShownNow(1_000_250, deadline, 1_001_001)).toBe(1_001_001);
    expect(remainingSeconds(deadline, nextShownNow(1_089_900, deadline, 1_090_100))).toBe(0);
  });

  it("takes the exact time left from drawAt and the serving time, unless it disagrees with diff", () => {
    expect(msLeftWhenServed({ minute: 1, second: 30 }, 1_089_400, 1_000_000)).toBe(89_400);
    // A backend clock far from ours (proxy mode): trust the whole seconds of diff.
    expect(msLeftWhenServed({ minute: 1, second: 30 }, 5_000_000, 1_000_000)).toBe(90_000);
    expect(msLeftWhenServed({ minute: 0, second: 12 }, undefined, 1_000_000)).toBe(12_000);
    expect(msLeftWhenServed(null, 1_000_000, 1_000_500)).toBe(0);
  });

  it("formats minutes and seconds", () => {
    expect(formatCountdown(125)).toBe("02:05");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-4)).toBe("00:00");
  });

  it("closes betting at 60 s or less", () => {
    expect(bettingOpen(61, 60)).toBe(true);
    expect(bettingOpen(60, 60)).toBe(false);
    expect(bettingOpen(0, 60)).toBe(false);
  });

  it("places a new round's draw time on a device clock that runs 5 s fast", () => {
    // The device clock reads 5 s ahead of the server; the first round draws at server time 200_000.
    const firstDeadline = deviceDeadline(100_000, 105_000);
    const offset = clockOffset(200_000, firstDeadline);
    expect(offset).toBe(-5_000);
    expect(toDeviceTime(380_000, offset)).toBe(385_000);
  });
});
