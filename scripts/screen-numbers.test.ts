import { describe, expect, it } from "vitest";
import { longNumbers } from "./lib/screen-numbers.mjs";

// The crawl's rule for long numbers (tests/e2e/crawl.e2e.mjs) on sample screens' words.

describe("longNumbers", () => {
  it("passes money, dates, rounds and short references", () => {
    expect(longNumbers("Balance 49,748.00 USD · Round 20261207001 · W2-0003 · 2026-12-07 18:30 UTC+8")).toEqual([]);
  });

  it("finds an internal id of 13 digits, once however often shown", () => {
    expect(longNumbers("Request: 2000000000002 (2000000000002)")).toEqual(["2000000000002"]);
  });

  it("finds a number longer than 13 digits: an order number, a timestamp with more", () => {
    expect(longNumbers("Order no. 1796666220099382196")).toEqual(["1796666220099382196"]);
    expect(longNumbers("at 17966662200993")).toEqual(["17966662200993"]);
  });

  it("leaves the account numbers a screen marks as the player's", () => {
    expect(longNumbers("Pay into 1234567890123456", ["1234567890123456"])).toEqual([]);
  });
});
