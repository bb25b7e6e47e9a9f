// Chi-square checks that the HMAC draw is uniform, both as commit-reveal only and mixed with a beacon's
// randomness (docs/decisions/130). Seeds and beacon randomness are derived from the round number instead
// of being random, so the test is reproducible: it cannot pass on one run and fail by chance on the next.

import { describe, expect, it } from "vitest";
import { drawNumbers } from "./fairness";
import type { GameType } from "./options";
import { toHex } from "../hex";

// 99th percentiles of the chi-square distribution (scipy.stats.chi2.ppf(0.99, df)).
const CHI_SQUARE_99: Record<number, number> = { 5: 15.086, 9: 21.666, 81: 113.512, 89: 122.942, 109: 146.257 };

function seedFor(round: number, gameType: GameType): Uint8Array {
  const seed = new Uint8Array(32).fill(0xa5);
  new DataView(seed.buffer).setUint32(0, round, false);
  seed[31] = gameType;
  return seed;
}

/** A stand-in for a beacon round's randomness (SHA-256 of its signature): SHA-256 of the round number. */
async function randomnessFor(round: number): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`beacon ${round}`));
  return toHex(new Uint8Array(digest));
}

type Derivation = "commit-reveal" | "beacon";

async function drawMany(gameType: GameType, rounds: number, derivation: Derivation): Promise<number[][]> {
  const draws: Promise<number[]>[] = [];
  for (let round = 0; round < rounds; round++) {
    const beacon = derivation === "beacon" ? await randomnessFor(round) : null;
    draws.push(drawNumbers(seedFor(round, gameType), 1 + (round % 16), round, gameType, beacon));
  }
  return Promise.all(draws);
}

/** Pearson's statistic for cells that should all hold the same count. */
function chiSquare(observed: readonly number[]): number {
  const total = observed.reduce((sum, n) => sum + n, 0);
  const expected = total / observed.length;
  return observed.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

function tally(cellCount: number, cellsOf: (draw: number[]) => number[], draws: number[][]): number[] {
  const counts = Array<number>(cellCount).fill(0);
  for (const draw of draws) for (const cell of cellsOf(draw)) counts[cell] += 1;
  return counts;
}

/** Cell of an ordered pair of distinct values from 1..size, so 11x5's first and fifth ball share 110 cells. */
function distinctPairCell(first: number, second: number, size: number): number {
  return (first - 1) * (size - 1) + (second < first ? second - 1 : second - 2);
}

describe.each<Derivation>(["commit-reveal", "beacon"])("draw uniformity (chi-square, 99%), %s", (derivation) => {
  it("Lucky 28 digits are uniform over 0-9", async () => {
    const counts = tally(10, (draw) => draw, await drawMany(1, 4000, derivation));
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_99[9]);
  });

  it("Fast 3 dice are uniform over 1-6", async () => {
    const counts = tally(6, (draw) => draw.map((die) => die - 1), await drawMany(2, 4000, derivation));
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_99[5]);
  });

  it("11x5 first and fifth balls are uniform over the 110 ordered pairs", async () => {
    const draws = await drawMany(3, 11000, derivation);
    const counts = tally(110, (draw) => [distinctPairCell(draw[0], draw[4], 11)], draws);
    expect(counts.every((n) => n > 0)).toBe(true);
    expect(chiSquare(counts)).toBeLessThan(CHI_SQUARE_99[109]);
  });

  it("Racing 10 ranks 1 and 2 are uniform over the 90 ordered pairs, and every rank over the cars", async () => {
    const draws = await drawMany(4, 9000, derivation);
    const pairs = tally(90, (draw) => [distinctPairCell(draw[0], draw[1], 10)], draws);
    expect(chiSquare(pairs)).toBeLessThan(CHI_SQUARE_99[89]);
    // Rank x car: each draw puts one car at each rank, so both margins are fixed (df = 9 x 9).
    const rankByCar = tally(100, (draw) => draw.map((car, rank) => rank * 10 + car - 1), draws);
    expect(chiSquare(rankByCar)).toBeLessThan(CHI_SQUARE_99[81]);
  });
});
