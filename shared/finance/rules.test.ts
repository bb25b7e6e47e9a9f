import { describe, expect, it } from "vitest";
import {
  dailyInterestCents,
  daysDue,
  daysLeft,
  maturityMs,
  ratePercent,
  tierMaxCents,
  transferProblem,
  valueDateMs,
} from "./rules";

const DAY = 86_400_000;
const primary = { minCents: 10_000_000, maxCents: 30_000_000, dailyRatePpm: 1_500, days: 15 };
const superTier = { minCents: 150_000_000, maxCents: null, dailyRatePpm: 13_000, days: 60 };

describe("finance rules", () => {
  it("floors a day's interest to the cent", () => {
    expect(dailyInterestCents(10_000_000, 1_500)).toBe(15_000);
    expect(dailyInterestCents(10_000_033, 1_500)).toBe(15_000);
    expect(dailyInterestCents(150_000_000, 13_000)).toBe(1_950_000);
  });

  it("shows the yearly rate as the daily one times 365", () => {
    expect(ratePercent(1_500)).toEqual({ daily: 0.15, yearly: 54.75 });
  });

  it("checks the tier's own range, an open-ended tier up to the operator's ceiling, then the balance", () => {
    const ceiling = 500_000_000;
    expect(transferProblem(primary, ceiling, 0)).toEqual({ code: 1042 });
    expect(transferProblem(primary, ceiling, 9_999_999)).toEqual({ code: 1111, num: 100_000 });
    expect(transferProblem({ ...primary, minCents: 20_000_000 }, ceiling, 10_000_000)).toEqual({
      code: 1111,
      num: 200_000,
    });
    expect(transferProblem(primary, ceiling, 30_000_001)).toEqual({ code: 1112, num: 300_000 });
    expect(transferProblem(superTier, ceiling, 149_999_999)).toEqual({ code: 1111, num: 1_500_000 });
    expect(transferProblem(superTier, ceiling, 150_000_000)).toBeNull();
    expect(transferProblem(superTier, ceiling, 150_000_001)).toBeNull();
    expect(transferProblem(superTier, ceiling, 500_000_000)).toBeNull();
    expect(transferProblem(superTier, ceiling, 500_000_001)).toEqual({ code: 1112, num: 5_000_000 });
    // a ceiling set below the tier's least leaves the least itself open
    expect(transferProblem(superTier, 1, 150_000_000)).toBeNull();
    expect(tierMaxCents(superTier, 1)).toBe(150_000_000);
    expect(transferProblem(primary, ceiling, 10_000_000, 9_999_999)).toEqual({ code: 1025 });
    expect(transferProblem(primary, ceiling, 10_000_000, 10_000_000)).toBeNull();
  });

  it("counts days from the first 00:00 UTC+8 after the transfer", () => {
    const start = Date.UTC(2026, 0, 10, 15, 59); // 23:59 UTC+8
    expect(valueDateMs(start)).toBe(Date.UTC(2026, 0, 10, 16, 0));
    expect(maturityMs(start, 15)).toBe(Date.UTC(2026, 0, 10, 16, 0) + 15 * DAY);
    expect(daysDue(start, 15, valueDateMs(start) - 1)).toBe(0);
    expect(daysDue(start, 15, valueDateMs(start) + DAY - 1)).toBe(0);
    expect(daysDue(start, 15, valueDateMs(start) + DAY)).toBe(1);
    expect(daysDue(start, 15, valueDateMs(start) + 99 * DAY)).toBe(15);
    expect(daysLeft(15, 0)).toBe(15);
    expect(daysLeft(15, daysDue(start, 15, valueDateMs(start) + DAY))).toBe(14);
    expect(daysLeft(15, 15)).toBe(0);
  });
});
