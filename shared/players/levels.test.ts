import { describe, expect, it } from "vitest";
import { levelForTurnover } from "./levels";

describe("levelForTurnover", () => {
  const thresholds = [0, 100, 500, 1000, 5000, 10000, 50000, 100000];
  it("starts at Bronze and climbs at each threshold", () => {
    expect(levelForTurnover(0, thresholds)).toBe(1);
    expect(levelForTurnover(99, thresholds)).toBe(1);
    expect(levelForTurnover(100, thresholds)).toBe(2);
    expect(levelForTurnover(4999, thresholds)).toBe(4);
    expect(levelForTurnover(100000, thresholds)).toBe(8);
    expect(levelForTurnover(10 ** 12, thresholds)).toBe(8);
  });
});
