import { describe, expect, it } from "vitest";
import { capLeftCents, withdrawableCents } from "./withdrawable";

describe("withdrawable today", () => {
  it("is the smaller of the balance and the cap's rest", () => {
    expect(withdrawableCents(100_000, capLeftCents(30_000, 0))).toBe(30_000);
    expect(withdrawableCents(7_000, capLeftCents(50_000, 3_000))).toBe(7_000);
    expect(withdrawableCents(7_000, capLeftCents(8_000, 3_000))).toBe(5_000);
  });

  it("never goes below zero: a cap used up, or lowered under the day's requests", () => {
    expect(capLeftCents(10_000, 12_000)).toBe(0);
    expect(withdrawableCents(5_000, capLeftCents(10_000, 12_000))).toBe(0);
    expect(withdrawableCents(0, 10_000)).toBe(0);
  });
});
