import { describe, expect, it } from "vitest";
import { DAY_MS, dateRangeWindow, dayStartMs, formatDate, parseDate, periodWindow, todayWindow } from "./days";

describe("the player's day (UTC+8)", () => {
  it("starts at 16:00 UTC", () => {
    expect(dayStartMs(Date.UTC(2025, 2, 1, 16, 0, 0))).toBe(Date.UTC(2025, 2, 1, 16));
    expect(dayStartMs(Date.UTC(2025, 2, 1, 15, 59, 59, 999))).toBe(Date.UTC(2025, 1, 28, 16));
    expect(dayStartMs(Date.UTC(2025, 2, 2, 3))).toBe(Date.UTC(2025, 2, 1, 16));
  });

  it("names dates in UTC+8", () => {
    expect(formatDate(Date.UTC(2025, 2, 1, 16))).toBe("2025-03-02");
    expect(formatDate(Date.UTC(2025, 2, 1, 15, 59))).toBe("2025-03-01");
  });

  it("parses only real YYYY-MM-DD dates, to the ms their day starts", () => {
    expect(parseDate("2025-03-02")).toBe(Date.UTC(2025, 2, 1, 16));
    expect(parseDate("2024-02-29")).toBe(Date.UTC(2024, 1, 28, 16));
    for (const bad of ["2025-02-29", "2025-13-01", "2025-00-10", "2025-3-1", "20250301", "", "2025-03-01T00:00"])
      expect(parseDate(bad)).toBeNull();
  });

  it("gives the tabs their windows", () => {
    const now = Date.UTC(2025, 2, 5, 1); // 09:00 on 2025-03-05 in UTC+8
    const today = Date.UTC(2025, 2, 4, 16);
    expect(todayWindow(now)).toEqual({ fromMs: today, toMs: today + DAY_MS });
    expect(periodWindow("today", now)).toEqual({ fromMs: today, toMs: today + DAY_MS });
    expect(periodWindow("yesterday", now)).toEqual({ fromMs: today - DAY_MS, toMs: today });
    expect(periodWindow("week", now)).toEqual({ fromMs: today - 6 * DAY_MS, toMs: today + DAY_MS });
    expect(periodWindow("all", now)).toBeNull();
    expect(dateRangeWindow(today, today)).toEqual({ fromMs: today, toMs: today + DAY_MS });
  });
});
