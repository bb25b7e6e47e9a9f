import { enteredDayOrText } from "#shared/date-entry";
import { describe, expect, it } from "vitest";
import {
  defaultLedgerRange,
  filterAmountInput,
  isDate,
  ledgerFilterOf,
  pageOf,
  rechargeBackPath,
  withdrawAllAmount,
  withPage,
} from "./wallet";
import { playerDate, playerTime } from "./player-time";

describe("filterAmountInput", () => {
  it("keeps digits and one decimal point", () => {
    expect(filterAmountInput("12.5")).toBe("12.5");
    expect(filterAmountInput("1.2.3")).toBe("1.23");
    expect(filterAmountInput("abc10x")).toBe("10");
    expect(filterAmountInput("-50")).toBe("50");
    expect(filterAmountInput("1e5")).toBe("15");
    expect(filterAmountInput(" 1 000 ")).toBe("1000");
  });

  it("allows at most two decimals", () => {
    expect(filterAmountInput("10.999")).toBe("10.99");
    expect(filterAmountInput("10.")).toBe("10.");
  });

  it("reads a leading point as 0. and drops leading zeros", () => {
    expect(filterAmountInput(".5")).toBe("0.5");
    expect(filterAmountInput("007")).toBe("7");
    expect(filterAmountInput("00.5")).toBe("0.5");
    expect(filterAmountInput("0")).toBe("0");
  });

  it("takes a comma or full-width point as the decimal point", () => {
    expect(filterAmountInput("12,50")).toBe("12.50");
    expect(filterAmountInput("3。5")).toBe("3.5");
  });

  it("stops at twelve whole digits", () => {
    expect(filterAmountInput("1234567890123456")).toBe("123456789012");
    expect(filterAmountInput("")).toBe("");
  });
});

describe("rechargeBackPath", () => {
  it("maps our own pages", () => {
    expect(rechargeBackPath("activity-16")).toBe("/activity/16");
    expect(rechargeBackPath("room_list-2")).toBe("/room_list/2");
    expect(rechargeBackPath("user")).toBe("/user");
    expect(rechargeBackPath("withdraw")).toBe("/withdraw");
    expect(rechargeBackPath("index")).toBe("/");
  });

  it("refuses anything else", () => {
    expect(rechargeBackPath(undefined)).toBeNull();
    expect(rechargeBackPath("")).toBeNull();
    expect(rechargeBackPath("evil.example")).toBeNull();
    expect(rechargeBackPath("//evil.example")).toBeNull();
    expect(rechargeBackPath("activity")).toBeNull();
    expect(rechargeBackPath("user-3")).toBeNull();
    expect(rechargeBackPath("admin")).toBeNull();
    expect(rechargeBackPath("activity-16-2")).toBeNull();
    expect(rechargeBackPath("activity-1234567890")).toBeNull();
  });
});

describe("player day (UTC+8)", () => {
  it("turns the date at 16:00 UTC", () => {
    expect(playerDate(Date.UTC(2025, 2, 1, 15, 59))).toBe("2025-03-01");
    expect(playerDate(Date.UTC(2025, 2, 1, 16, 0))).toBe("2025-03-02");
    expect(playerTime(Date.UTC(2025, 2, 1, 16, 5))).toBe("2025-03-02 00:05");
  });

  it("opens the range on three days back through today", () => {
    expect(defaultLedgerRange(Date.UTC(2025, 2, 1, 16, 30))).toEqual({ start: "2025-02-27", end: "2025-03-02" });
  });

  it("knows a real date", () => {
    expect(isDate("2024-02-29")).toBe(true);
    expect(isDate("2023-02-29")).toBe(false);
    expect(isDate("2024-2-1")).toBe(false);
    expect(isDate(null)).toBe(false);
  });
});

describe("ledgerFilterOf", () => {
  const asTyped = (text: string) => text.trim();

  it("reads a tab, defaulting to all", () => {
    expect(ledgerFilterOf(new URLSearchParams("type=week"), asTyped)).toEqual({
      type: "week",
      start: null,
      end: null,
      page: 1,
    });
    expect(ledgerFilterOf(new URLSearchParams("type=bogus"), asTyped)).toMatchObject({ type: "all" });
    expect(ledgerFilterOf(new URLSearchParams(""), asTyped)).toMatchObject({ type: "all" });
  });

  it("lets a date range win over the tab and keeps half ranges for the API to refuse", () => {
    expect(ledgerFilterOf(new URLSearchParams("type=today&start=2025-01-01&end=2025-01-03&page=2"), asTyped)).toEqual({
      type: "all",
      start: "2025-01-01",
      end: "2025-01-03",
      page: 2,
    });
    expect(ledgerFilterOf(new URLSearchParams("start=2025-01-01"), asTyped)).toMatchObject({
      start: "2025-01-01",
      end: "",
    });
  });

  it("reads the range the reader's way (a Vietnamese reader's day first)", () => {
    const vietnamese = (text: string) => enteredDayOrText(text, "vi") ?? "";
    expect(ledgerFilterOf(new URLSearchParams("start=01/02/2025&end=03/02/2025"), vietnamese)).toMatchObject({
      start: "2025-02-01",
      end: "2025-02-03",
    });
  });
});

describe("paging", () => {
  it("reads and writes ?page", () => {
    expect(pageOf(new URLSearchParams("page=3"))).toBe(3);
    expect(pageOf(new URLSearchParams("page=0"))).toBe(1);
    expect(pageOf(new URLSearchParams("page=-2"))).toBe(1);
    expect(pageOf(new URLSearchParams("page=abc"))).toBe(1);
    expect(pageOf(new URLSearchParams("page=99999"))).toBe(1);
    expect(withPage(new URLSearchParams("type=today"), 2)).toBe("?type=today&page=2");
    expect(withPage(new URLSearchParams("type=today&page=2"), 1)).toBe("?type=today");
    // Keyset cursors (docs/decisions/112): the page's own one only, none on page 1.
    expect(withPage(new URLSearchParams("type=today&page=2&before=9_1"), 3, { after: "5_2" })).toBe(
      "?type=today&page=3&after=5_2",
    );
    expect(withPage(new URLSearchParams("page=3&after=5_2"), 2, { before: "7_4" })).toBe("?page=2&before=7_4");
    expect(withPage(new URLSearchParams("page=2&after=5_2"), 1, { before: "7_4" })).toBe("?");
    expect(withPage(new URLSearchParams(""), 1)).toBe("?");
  });
});

describe("withdrawAllAmount", () => {
  it("writes the withdrawable figure the API answers (the cap is in it already) with two decimals", () => {
    expect(withdrawAllAmount(10000)).toBe("10000.00");
    expect(withdrawAllAmount(2500.5)).toBe("2500.50");
    expect(withdrawAllAmount(0.1 + 0.2)).toBe("0.30");
    expect(withdrawAllAmount(-5)).toBe("0.00");
  });
});
