import { describe, expect, it } from "vitest";
import { percent, winCondition, winConditions } from "./game-rules";

describe("win conditions read off the settlement rules", () => {
  it("describes Lucky 28 (type 1)", () => {
    const [big, small, odd, even, bigOdd, , , smallEven, extremeBig, extremeSmall, triple] = winConditions(1, 11);
    expect(big).toEqual({ kind: "sum", range: { from: 14, to: null }, parity: null, refundSums: [] });
    expect(small).toEqual({ kind: "sum", range: { from: null, to: 13 }, parity: null, refundSums: [] });
    expect(odd).toEqual({ kind: "sum", range: { from: null, to: null }, parity: "odd", refundSums: [] });
    expect(even).toMatchObject({ parity: "even", range: { from: null, to: null } });
    // The smallest odd sum of 14 or more is 15: the words name the sums that really win.
    expect(bigOdd).toEqual({ kind: "sum", range: { from: 15, to: null }, parity: "odd", refundSums: [] });
    expect(smallEven).toEqual({ kind: "sum", range: { from: null, to: 12 }, parity: "even", refundSums: [] });
    expect(extremeBig).toMatchObject({ range: { from: 22, to: null }, parity: null });
    expect(extremeSmall).toMatchObject({ range: { from: null, to: 5 }, parity: null });
    expect(triple).toEqual({ kind: "triple" });
  });

  it("describes Fast 3 (type 2) thresholds", () => {
    expect(winCondition(2, 0, "big")).toMatchObject({ range: { from: 11, to: null } });
    expect(winCondition(2, 9, "extreme_small")).toMatchObject({ range: { from: null, to: 5 } });
    expect(winCondition(2, 10, "triple")).toEqual({ kind: "triple" });
  });

  it("describes 11x5 (type 3) with the refunded middle sum and sum 30", () => {
    expect(winCondition(3, 0, "big")).toEqual({
      kind: "sum",
      range: { from: 31, to: null },
      parity: null,
      refundSums: [30],
    });
    expect(winCondition(3, 5, "big_even")).toEqual({
      kind: "sum",
      range: { from: 32, to: null },
      parity: "even",
      refundSums: [30],
    });
    expect(winCondition(3, 4, "big_odd")).toEqual({
      kind: "sum",
      range: { from: 31, to: null },
      parity: "odd",
      refundSums: [],
    });
    expect(winCondition(3, 10, "triple")).toEqual({
      kind: "sum",
      range: { from: 30, to: 30 },
      parity: null,
      refundSums: [],
    });
  });

  it("describes Racing 10 ranks", () => {
    expect(winCondition(4, 9, "rank3_small")).toEqual({ kind: "rank", rank: 3, bet: "small" });
    expect(winConditions(4, 40)).toHaveLength(40);
    expect(() => winCondition(4, 0, "big")).toThrow(RangeError);
  });

  it("formats a probability as a percentage", () => {
    expect(percent(0.5)).toBe("50.00%");
    expect(percent(1 / 1000)).toBe("0.10%");
  });
});
