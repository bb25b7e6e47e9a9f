import { describe, expect, it } from "vitest";
import { dateFindings } from "./lib/screen-dates.mjs";

// The crawl's rule for dates (tests/e2e/crawl.e2e.mjs) on sample screens: what the page's evaluate returns, its
// visible words and the text of its <time> elements.
const zone = "UTC+8";
const kinds = (screen: { text: string; times?: string[]; once?: boolean }) =>
  dateFindings({ text: screen.text, times: screen.times ?? [], zone, once: screen.once ?? true }).map((f) => f.kind);

describe("dateFindings", () => {
  it("passes a screen whose dates are written one way under the zone named once", () => {
    expect(kinds({ text: "Dates and times in UTC+8\n2026-12-06 14:05 Deposit\n2026-12-05 09:00 Bet" })).toEqual([]);
    expect(kinds({ text: "Matures 2026-12-09 08:00 UTC+8", times: ["2026-12-09 08:00 UTC+8"] })).toEqual([]);
    expect(kinds({ text: "No dates on this screen" })).toEqual([]);
  });

  it("fails a date or a time on a screen that does not name the zone", () => {
    expect(kinds({ text: "Deposit 2026-12-06 14:05" })).toEqual(["date or time without UTC+8"]);
    // a clock time alone is found through its <time>
    expect(kinds({ text: "Draw at 14:05", times: ["14:05"] })).toEqual(["date or time without UTC+8"]);
    expect(kinds({ text: "Draw at 14:05", times: ["14:05"], once: false })).toEqual(["date or time without UTC+8"]);
  });

  it("fails a player's screen naming the zone twice, and tells the console's", () => {
    const twice = { text: "Until 2026-12-08 10:00 UTC+8\nNext maturity 2026-12-09 08:00 UTC+8" };
    expect(kinds(twice)).toEqual(["UTC+8 named 2 times"]);
    expect(kinds({ ...twice, once: false })).toEqual([]);
  });

  it("fails a date written another way, in any language", () => {
    for (const text of [
      "06/12/2026 UTC+8",
      "2026/12/06 UTC+8",
      "2026-12-6 UTC+8",
      "6.12.2026 UTC+8",
      "2026年12月6日 UTC+8",
    ])
      expect(kinds({ text }), text).toEqual(["date not written YYYY-MM-DD"]);
    // and without its zone, both
    expect(kinds({ text: "06/12/2026" })).toEqual(["date not written YYYY-MM-DD", "date or time without UTC+8"]);
  });

  it("does not read a reference, an amount or an account as a date", () => {
    expect(kinds({ text: "W3-0042 · 1,234.50 · 6222 **** 1234 · 0.00012 BTC" })).toEqual([]);
  });
});
