import { describe, expect, it } from "vitest";
import { type GameType, allowedOptionCounts, defaultRatesMilli } from "./options";
import { equallyLikelyDraws, optionProbabilities, rulesTable } from "./probability";
import { optionOutcome, resultOf } from "./rules";

type Fraction = [num: number, den: number];

function* orderings(items: readonly number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of orderings(rest)) yield [items[i], ...tail];
  }
}

function winFractions(gameType: GameType): Record<string, Fraction> {
  return Object.fromEntries(optionProbabilities(gameType).map((p) => [p.key, [p.win.num, p.win.den]]));
}

function reduced(num: number, den: number): Fraction {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(num, den);
  return [num / d, den / d];
}

describe("the enumerated outcome spaces", () => {
  it("walk every draw once: 1000 digit triples, 216 dice, the 462 sets of five 11x5 balls", () => {
    const count = (gameType: GameType) => [...equallyLikelyDraws(gameType)].length;
    expect(count(1)).toBe(1000);
    expect(count(2)).toBe(216);
    const sets = [...equallyLikelyDraws(3)].map((draw) => [...draw].sort((a, b) => a - b).join(","));
    expect(sets).toHaveLength(462);
    expect(new Set(sets).size).toBe(462);
  });

  it("may count 11x5 by sets because no option depends on the order of the balls", () => {
    const outcomesOf = (numbers: number[]) => {
      const result = resultOf(3, numbers);
      return Array.from({ length: 11 }, (_, index) => optionOutcome(3, index, result)).join();
    };
    let orderedDraws = 0;
    for (const set of equallyLikelyDraws(3)) {
      const expected = outcomesOf(set);
      for (const order of orderings(set)) {
        orderedDraws += 1;
        if (outcomesOf(order) !== expected) throw new Error(`order matters for ${order.join(",")}`);
      }
    }
    expect(orderedDraws).toBe(55440);
  });

  it("put every Racing 10 car at every rank exactly once", () => {
    const draws = [...equallyLikelyDraws(4)];
    expect(draws).toHaveLength(10);
    for (let rank = 0; rank < 10; rank++) {
      expect(draws.map((draw) => draw[rank]).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
  });
});

describe("exact win probabilities", () => {
  it("Lucky 28 matches hand counts over 1000 digit triples", () => {
    // Sums 14..27 of three digits occur 75,73,69,63,55,45,36,28,21,15,10,6,3,1 times; sums <= 5 occur
    // C(8,3) = 56 times and, by symmetry, so do sums >= 22.
    expect(winFractions(1)).toEqual({
      big: reduced(500, 1000),
      small: reduced(500, 1000),
      odd: reduced(500, 1000),
      even: reduced(500, 1000),
      big_odd: reduced(231, 1000),
      big_even: reduced(269, 1000),
      small_odd: reduced(269, 1000),
      small_even: reduced(231, 1000),
      extreme_big: reduced(56, 1000),
      extreme_small: reduced(56, 1000),
      triple: reduced(10, 1000),
    });
  });

  it("Fast 3 matches hand counts over 216 dice throws", () => {
    // Sums 11..18 of three dice occur 27,25,21,15,10,6,3,1 times.
    expect(winFractions(2)).toEqual({
      big: reduced(108, 216),
      small: reduced(108, 216),
      odd: reduced(108, 216),
      even: reduced(108, 216),
      big_odd: reduced(27 + 21 + 10 + 3, 216),
      big_even: reduced(25 + 15 + 6 + 1, 216),
      small_odd: reduced(47, 216),
      small_even: reduced(61, 216),
      extreme_big: reduced(10, 216),
      extreme_small: reduced(10, 216),
      triple: reduced(6, 216),
    });
  });

  it("11x5 matches hand counts over the 462 sets of five balls", () => {
    // The sum is odd when an odd number of the six odd balls is drawn: 6x5 + 20x10 + 6 = 236 sets.
    // 32 sets sum to 30; 41 sets sum to 38 or more (12+10+7+5+3+2+1+1) and, by symmetry, 41 to 22 or less.
    expect(winFractions(3)).toEqual({
      big: reduced(215, 462),
      small: reduced(215, 462),
      odd: reduced(236, 462),
      even: reduced(226, 462),
      big_odd: reduced(118, 462),
      big_even: reduced(97, 462),
      small_odd: reduced(118, 462),
      small_even: reduced(97, 462),
      extreme_big: reduced(41, 462),
      extreme_small: reduced(41, 462),
      triple: reduced(32, 462),
    });
  });

  it("11x5 refunds big, small, big even and small even on the 32 sets that sum to 30", () => {
    const refunds = optionProbabilities(3).map((p) => [p.refund.num, p.refund.den]);
    const none: Fraction = [0, 1];
    const middle = reduced(32, 462);
    expect(refunds).toEqual([middle, middle, none, none, none, middle, none, middle, none, none, none]);
  });

  it("Racing 10 gives every rank option one chance in two", () => {
    const probabilities = optionProbabilities(4);
    expect(probabilities).toHaveLength(40);
    for (const p of probabilities) {
      expect([p.win.num, p.win.den, p.win.value, p.refund.num]).toEqual([1, 2, 0.5, 0]);
    }
  });

  it("other games never refund", () => {
    for (const gameType of [1, 2, 4] as const) {
      expect(optionProbabilities(gameType).every((p) => p.refund.num === 0)).toBe(true);
    }
  });
});

describe("rulesTable", () => {
  it("computes RTP as P(win) x odds + P(refund)", () => {
    const rows = rulesTable(3, 11, defaultRatesMilli(3));
    expect(rows[0]).toMatchObject({ index: 0, key: "big", oddsMilli: 1980 });
    expect(rows[0].rtp).toBeCloseTo((215 * 1.98 + 32) / 462, 12);
    expect(rows[2].rtp).toBeCloseTo((236 * 1.9) / 462, 12);
    expect(rows[10].rtp).toBeCloseTo((32 * 13.5) / 462, 12);
  });

  it("follows the room's own rates", () => {
    const rows = rulesTable(1, 4, [2000, 1900, 1980, 1000]);
    expect(rows.map((row) => row.rtp)).toEqual([1, 0.95, 0.99, 0.5]);
  });

  it("refuses rates that do not fit the room", () => {
    expect(() => rulesTable(1, 4, [1980, 1980, 1980])).toThrow(RangeError);
    expect(() => rulesTable(1, 4, [1980, 1980, 1980, 1.98])).toThrow(RangeError);
    expect(() => rulesTable(4, 11, defaultRatesMilli(1))).toThrow(RangeError);
  });

  // A product rule (docs/product.md#games): the house keeps an edge on every option, but never more than 10%.
  describe.each([1, 2, 3, 4] as const)("default odds of game type %i", (gameType) => {
    it.each(allowedOptionCounts(gameType))("give every option an RTP in [0.90, 1.00) with %i options", (count) => {
      for (const row of rulesTable(gameType, count, defaultRatesMilli(gameType, count))) {
        expect(row.rtp, `${row.key} RTP`).toBeGreaterThanOrEqual(0.9);
        expect(row.rtp, `${row.key} RTP`).toBeLessThan(1);
      }
    });
  });
});
