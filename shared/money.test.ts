import { describe, expect, it } from "vitest";
import { parseMoneyToCents, toMoney, toOdds } from "./money";

describe("money", () => {
  it("shows cents as a two-place decimal", () => {
    expect(toMoney(1_000_000)).toBe(10000);
    expect(toMoney(1234)).toBe(12.34);
    expect(toMoney(5)).toBe(0.05);
  });
  it("shows odds in thousandths as decimals", () => {
    expect(toOdds(1980)).toBe(1.98);
    expect(toOdds(95000)).toBe(95);
  });
  it("parses digits with one decimal point", () => {
    expect(parseMoneyToCents("10")).toBe(1000);
    expect(parseMoneyToCents("10.5")).toBe(1050);
    expect(parseMoneyToCents("10.05")).toBe(1005);
    expect(parseMoneyToCents("10.")).toBe(1000);
    expect(parseMoneyToCents(12.34)).toBe(1234);
    expect(parseMoneyToCents(" 7 ")).toBe(700);
  });
  it("refuses what is not an amount", () => {
    for (const bad of [
      "",
      "-1",
      "1.234",
      "1.2.3",
      "1e5",
      "abc",
      "0x10",
      null,
      undefined,
      {},
      [],
      NaN,
      Infinity,
      -5,
      "9999999999999",
    ]) {
      expect(parseMoneyToCents(bad)).toBeNull();
    }
  });
});
