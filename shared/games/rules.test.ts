import { describe, expect, it } from "vitest";
import type { GameType } from "./options";
import {
  type OptionOutcome,
  isOptionInMask,
  optionOutcome,
  payoutCents,
  refundMask,
  resultOf,
  winningMask,
} from "./rules";

function outcomes(gameType: GameType, numbers: number[]): Record<string, OptionOutcome> {
  const keys = [
    "big",
    "small",
    "odd",
    "even",
    "big_odd",
    "big_even",
    "small_odd",
    "small_even",
    "extreme_big",
    "extreme_small",
    "triple",
  ];
  const result = resultOf(gameType, numbers);
  return Object.fromEntries(keys.map((key, index) => [key, optionOutcome(gameType, index, result)]));
}

function winners(gameType: GameType, numbers: number[]): string[] {
  return Object.entries(outcomes(gameType, numbers))
    .filter(([, outcome]) => outcome === "win")
    .map(([key]) => key);
}

function bits(mask: bigint): number[] {
  const set: number[] = [];
  for (let i = 0; i < 64; i++) if (isOptionInMask(mask, i)) set.push(i);
  return set;
}

describe("resultOf", () => {
  it("shows the three numbers and their sum for Lucky 28 and Fast 3", () => {
    expect(resultOf(1, [9, 0, 5])).toEqual({ num1: 9, num2: 0, num3: 5, sum: 14, numbers: [9, 0, 5] });
    expect(resultOf(2, [6, 6, 1])).toEqual({ num1: 6, num2: 6, num3: 1, sum: 13, numbers: [6, 6, 1] });
  });

  it("shows the first three 11x5 balls and the sum of all five", () => {
    expect(resultOf(3, [11, 2, 7, 1, 9])).toEqual({ num1: 11, num2: 2, num3: 7, sum: 30, numbers: [11, 2, 7, 1, 9] });
  });

  it("shows Racing 10 ranks 1-3 and sums ranks 1 and 2", () => {
    const numbers = [7, 10, 1, 2, 3, 4, 5, 6, 8, 9];
    expect(resultOf(4, numbers)).toEqual({ num1: 7, num2: 10, num3: 1, sum: 17, numbers });
  });

  it("refuses draws the game cannot produce", () => {
    expect(() => resultOf(1, [10, 0, 0])).toThrow(RangeError);
    expect(() => resultOf(2, [0, 1, 1])).toThrow(RangeError);
    expect(() => resultOf(2, [1, 1])).toThrow(RangeError);
    expect(() => resultOf(3, [1, 1, 2, 3, 4])).toThrow(RangeError);
    expect(() => resultOf(4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 9])).toThrow(RangeError);
    expect(() => resultOf(1, [1.5, 0, 0])).toThrow(RangeError);
  });
});

describe("Lucky 28 options", () => {
  it("splits big and small between sums 13 and 14", () => {
    expect(winners(1, [9, 0, 5])).toEqual(["big", "even", "big_even"]);
    expect(winners(1, [9, 0, 4])).toEqual(["small", "odd", "small_odd"]);
  });

  it("pays extreme big from 22 and extreme small up to 5", () => {
    expect(winners(1, [9, 9, 4])).toContain("extreme_big");
    expect(winners(1, [9, 9, 3])).not.toContain("extreme_big");
    expect(winners(1, [0, 0, 5])).toContain("extreme_small");
    expect(winners(1, [0, 0, 6])).not.toContain("extreme_small");
  });

  it("pays triple on three equal digits only", () => {
    expect(winners(1, [0, 0, 0])).toEqual(["small", "even", "small_even", "extreme_small", "triple"]);
    expect(winners(1, [7, 7, 6])).not.toContain("triple");
  });
});

describe("Fast 3 options", () => {
  it("splits big and small between sums 10 and 11", () => {
    expect(winners(2, [5, 5, 1])).toEqual(["big", "odd", "big_odd"]);
    expect(winners(2, [4, 5, 1])).toEqual(["small", "even", "small_even"]);
  });

  it("pays extremes from 16 and up to 5, and triple on three equal dice", () => {
    expect(winners(2, [6, 6, 4])).toEqual(["big", "even", "big_even", "extreme_big"]);
    expect(winners(2, [6, 5, 4])).not.toContain("extreme_big");
    expect(winners(2, [1, 1, 3])).toEqual(["small", "odd", "small_odd", "extreme_small"]);
    expect(winners(2, [1, 1, 1])).toEqual(["small", "odd", "small_odd", "extreme_small", "triple"]);
    expect(winners(2, [6, 6, 6])).toEqual(["big", "even", "big_even", "extreme_big", "triple"]);
  });
});

describe("11x5 options", () => {
  it("refunds big, small, big even and small even when the sum is 30", () => {
    const all = outcomes(3, [11, 2, 7, 1, 9]);
    expect(all).toEqual({
      big: "refund",
      small: "refund",
      odd: "lose",
      even: "win",
      big_odd: "lose",
      big_even: "refund",
      small_odd: "lose",
      small_even: "refund",
      extreme_big: "lose",
      extreme_small: "lose",
      triple: "win",
    });
    const result = resultOf(3, [11, 2, 7, 1, 9]);
    expect(bits(refundMask(3, result))).toEqual([0, 1, 5, 7]);
    expect(bits(winningMask(3, result))).toEqual([3, 10]);
  });

  it("splits big from 31 and small up to 29, with no refunds", () => {
    const big = resultOf(3, [11, 2, 7, 1, 10]);
    expect(big.sum).toBe(31);
    expect(winners(3, big.numbers)).toEqual(["big", "odd", "big_odd"]);
    expect(refundMask(3, big)).toBe(0n);
    expect(winners(3, [11, 2, 7, 1, 8])).toEqual(["small", "odd", "small_odd"]);
  });

  it("pays extreme big from 38 and extreme small up to 22", () => {
    expect(winners(3, [11, 10, 9, 7, 1])).toContain("extreme_big");
    expect(winners(3, [11, 10, 9, 6, 1])).not.toContain("extreme_big");
    expect(winners(3, [1, 2, 3, 5, 11])).toContain("extreme_small");
    expect(winners(3, [1, 2, 3, 6, 11])).not.toContain("extreme_small");
  });
});

describe("Racing 10 options", () => {
  const numbers = [7, 10, 1, 2, 3, 4, 5, 6, 8, 9];
  const result = resultOf(4, numbers);

  it("judges each rank by the car that finished there", () => {
    // rank 1 car 7: big odd; rank 2 car 10: big even; rank 3 car 1: small odd; rank 10 car 9: big odd
    expect(bits(winningMask(4, result))).toEqual([
      0, 2, 4, 7, 9, 10, 13, 15, 17, 18, 21, 23, 25, 26, 28, 31, 32, 35, 36, 38,
    ]);
    expect(optionOutcome(4, 10, result)).toBe("win"); // rank3_odd
    expect(optionOutcome(4, 8, result)).toBe("lose"); // rank3_big
    expect(optionOutcome(4, 39, result)).toBe("lose"); // rank10_even
  });

  it("uses all forty bits and never refunds", () => {
    expect(winningMask(4, result) >> 36n).toBeGreaterThan(0n);
    expect(refundMask(4, result)).toBe(0n);
  });

  it("has exactly one winner of big/small and one of odd/even per rank", () => {
    const mask = winningMask(4, result);
    for (let rank = 0; rank < 10; rank++) {
      const [big, small, odd, even] = [0, 1, 2, 3].map((k) => isOptionInMask(mask, rank * 4 + k));
      expect(big !== small && odd !== even).toBe(true);
    }
  });
});

describe("optionOutcome", () => {
  it("refuses options the game does not have", () => {
    const result = resultOf(1, [1, 2, 3]);
    expect(() => optionOutcome(1, 11, result)).toThrow(RangeError);
    expect(() => optionOutcome(1, -1, result)).toThrow(RangeError);
    expect(() => optionOutcome(4, 40, resultOf(4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).toThrow(RangeError);
  });
});

describe("payoutCents", () => {
  it("floors stake x odds / 1000 to a whole cent", () => {
    expect(payoutCents(1000, 1980)).toBe(1980);
    expect(payoutCents(1, 1980)).toBe(1);
    expect(payoutCents(3, 1900)).toBe(5); // 5.7 cents
    expect(payoutCents(101, 4200)).toBe(424); // 424.2 cents
    expect(payoutCents(999, 95000)).toBe(94905);
    expect(payoutCents(0, 95000)).toBe(0);
  });

  it("stays exact where a float product would round", () => {
    // stake x odds is far past 2^53 here, where a float product would already have lost cents.
    expect(payoutCents(Number.MAX_SAFE_INTEGER, 999)).toBe(8998192055486250);
    expect(() => payoutCents(Number.MAX_SAFE_INTEGER, 1001)).toThrow(RangeError);
    expect(payoutCents(Number.MAX_SAFE_INTEGER, 1000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses fractional or negative amounts", () => {
    expect(() => payoutCents(10.5, 1980)).toThrow(RangeError);
    expect(() => payoutCents(-1, 1980)).toThrow(RangeError);
    expect(() => payoutCents(100, 1.98)).toThrow(RangeError);
  });
});
