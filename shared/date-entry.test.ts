import { describe, expect, it } from "vitest";
import { enteredDayOrText, formatEnteredDay, parseEnteredDay } from "./date-entry";

// A date field shows and takes a day the reader's way and sends YYYY-MM-DD on (docs/decisions/185).
describe("a day in a date field", () => {
  it("is written the reader's way in each language", () => {
    expect(formatEnteredDay("2026-12-07", "en")).toBe("2026-12-07");
    expect(formatEnteredDay("2026-12-07", "zh-CN")).toBe("2026-12-07");
    expect(formatEnteredDay("2026-12-07", "zh-TW")).toBe("2026/12/07");
    expect(formatEnteredDay("2026-12-07", "vi")).toBe("07/12/2026");
    // what is not a day is shown as it was typed
    expect(formatEnteredDay("7 Dec", "vi")).toBe("7 Dec");
  });

  it("reads back what it writes, in every language", () => {
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"])
      for (const day of ["2026-12-07", "2024-02-29", "2027-01-31"])
        expect(parseEnteredDay(formatEnteredDay(day, lng), lng), `${lng} ${day}`).toBe(day);
  });

  it("takes the reader's own way with any separator, and year first in every language", () => {
    expect(parseEnteredDay("7/12/2026", "vi")).toBe("2026-12-07");
    expect(parseEnteredDay("07.12.2026", "vi")).toBe("2026-12-07");
    expect(parseEnteredDay(" 07-12-2026 ", "vi")).toBe("2026-12-07");
    expect(parseEnteredDay("2026/12/7", "en")).toBe("2026-12-07");
    expect(parseEnteredDay("2026-12-07", "vi")).toBe("2026-12-07");
    expect(parseEnteredDay("2026年12月7日", "zh-CN")).toBe("2026-12-07");
    expect(parseEnteredDay("２０２６／１２／０７", "zh-TW")).toBe("2026-12-07");
  });

  it("guesses no day: day first only where the reader writes day first, and no day that the calendar lacks", () => {
    // 07/12/2026 is 7 December to a Vietnamese reader, and no day at all to an English one (never 12 July)
    expect(parseEnteredDay("07/12/2026", "en")).toBeNull();
    expect(parseEnteredDay("07/12/2026", "zh-CN")).toBeNull();
    expect(parseEnteredDay("2026-02-30", "en")).toBeNull();
    expect(parseEnteredDay("31/04/2026", "vi")).toBeNull();
    expect(parseEnteredDay("2026-13-01", "zh-TW")).toBeNull();
    expect(parseEnteredDay("yesterday", "en")).toBeNull();
    expect(parseEnteredDay("", "vi")).toBeNull();
  });

  it("sends YYYY-MM-DD on, the text as typed when it is no day (the check behind it refuses it), nothing when empty", () => {
    expect(enteredDayOrText("07/12/2026", "vi")).toBe("2026-12-07");
    expect(enteredDayOrText("2026/12/07", "zh-TW")).toBe("2026-12-07");
    expect(enteredDayOrText("31/04/2026", "vi")).toBe("31/04/2026");
    expect(enteredDayOrText("  ", "en")).toBeNull();
    expect(enteredDayOrText(null, "en")).toBeNull();
  });
});
