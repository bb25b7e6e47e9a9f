import { describe, expect, it } from "vitest";
import {
  allowedOptionCounts,
  defaultRatesMilli,
  isGameType,
  optionsForRoom,
  racingOptionIndex,
  racingOptionOf,
} from "./options";

describe("option catalogue", () => {
  it("lists the eleven sum-game options in the order of docs/product.md#games", () => {
    expect(optionsForRoom(1).map((option) => option.key)).toEqual([
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
    ]);
    expect(optionsForRoom(2).map((option) => option.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("carries the default odds of each game type", () => {
    expect(defaultRatesMilli(1)).toEqual([1980, 1980, 1980, 1980, 4200, 3600, 3600, 4200, 17000, 17000, 95000]);
    expect(defaultRatesMilli(2)).toEqual([1980, 1980, 1980, 1980, 3400, 4400, 4400, 3400, 20500, 20500, 34000]);
    expect(defaultRatesMilli(3)).toEqual([1980, 1980, 1900, 1980, 3800, 4200, 3800, 4200, 10500, 10500, 13500]);
  });

  it("offers the four-option Big & Small room as big, small, odd, even on the Lucky 28 draw", () => {
    expect(optionsForRoom(1, 4)).toEqual([
      { index: 0, key: "big", defaultOddsMilli: 1980 },
      { index: 1, key: "small", defaultOddsMilli: 1980 },
      { index: 2, key: "odd", defaultOddsMilli: 1980 },
      { index: 3, key: "even", defaultOddsMilli: 1980 },
    ]);
    expect(defaultRatesMilli(1, 4)).toEqual([1980, 1980, 1980, 1980]);
  });

  it("gives Racing 10 forty options, four per rank, all at 1.980", () => {
    const options = optionsForRoom(4);
    expect(options).toHaveLength(40);
    expect(options[0]).toEqual({ index: 0, key: "rank1_big", defaultOddsMilli: 1980 });
    expect(options[9]).toEqual({ index: 9, key: "rank3_small", defaultOddsMilli: 1980 });
    expect(options[10].key).toBe("rank3_odd");
    expect(options[39].key).toBe("rank10_even");
    expect(options.every((option) => option.defaultOddsMilli === 1980)).toBe(true);
  });

  it("maps Racing 10 indexes to ranks and back", () => {
    expect(racingOptionIndex(3, "odd")).toBe(10);
    expect(racingOptionOf(10)).toEqual({ rank: 3, kind: "odd" });
    for (let index = 0; index < 40; index++) {
      const { rank, kind } = racingOptionOf(index);
      expect(racingOptionIndex(rank, kind)).toBe(index);
    }
    expect(() => racingOptionOf(40)).toThrow(RangeError);
    expect(() => racingOptionIndex(11, "big")).toThrow(RangeError);
  });

  it("refuses option counts no room of that type has", () => {
    expect(allowedOptionCounts(4)).toEqual([40]);
    expect(() => optionsForRoom(1, 5)).toThrow(RangeError);
    expect(() => optionsForRoom(4, 11)).toThrow(RangeError);
    expect(() => optionsForRoom(5 as never)).toThrow(RangeError);
  });

  it("recognises the four game types only", () => {
    expect([0, 1, 2, 3, 4, 5, "1"].map(isGameType)).toEqual([false, true, true, true, true, false, false]);
  });
});
