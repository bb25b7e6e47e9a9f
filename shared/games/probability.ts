// Exact odds for the rules page: every option's chance of winning and of being refunded, counted over
// every equally likely draw with the settlement rules themselves, so the page cannot drift from them.

import { type GameType, RACING_RANKS, fullOptionCount, isGameType, optionsForRoom } from "./options";
import { optionOutcome, resultOf } from "./rules";

export interface Probability {
  num: number;
  den: number;
  value: number;
}

export interface OptionProbability {
  index: number;
  key: string;
  win: Probability;
  refund: Probability;
}

export interface RulesRow {
  index: number;
  key: string;
  /** Chance the option wins. */
  probability: Probability;
  /** Chance the stake comes back (only 11x5 on sum 30). */
  refundProbability: Probability;
  oddsMilli: number;
  /** Expected return per unit staked: P(win) x odds + P(refund). */
  rtp: number;
}

interface OutcomeCounts {
  wins: number[];
  refunds: number[];
  total: number;
}

function* digitTriples(max: number, offset: number): Generator<number[]> {
  for (let a = 0; a <= max; a++) {
    for (let b = 0; b <= max; b++) {
      for (let c = 0; c <= max; c++) yield [a + offset, b + offset, c + offset];
    }
  }
}

// 11x5 rules read only the sum of the five balls, never their order, and each set of five comes up
// in exactly 5! equally likely orders; so the 462 sets give the same odds as the 55,440 ordered draws
// at a hundredth of the work (the rules page may be the first thing a fresh isolate computes).
function* setsOfBalls(pool: readonly number[], count: number): Generator<number[]> {
  if (count === 0) {
    yield [];
    return;
  }
  for (let i = 0; i <= pool.length - count; i++) {
    for (const rest of setsOfBalls(pool.slice(i + 1), count - 1)) yield [pool[i], ...rest];
  }
}

// Every Racing 10 option looks at a single rank, and in a uniform random order each rank holds each
// car with chance 1/10. The ten rotations of 1..10 put every car at every rank exactly once, so they
// give every option its exact probability without walking all 10! orders.
function* racingRotations(): Generator<number[]> {
  for (let shift = 0; shift < RACING_RANKS; shift++) {
    yield Array.from({ length: RACING_RANKS }, (_, i) => ((i + shift) % RACING_RANKS) + 1);
  }
}

/** Equally likely draws whose option frequencies equal the game's true ones. */
export function equallyLikelyDraws(gameType: GameType): Iterable<number[]> {
  if (!isGameType(gameType)) throw new RangeError(`unknown game type ${String(gameType)}`);
  switch (gameType) {
    case 1:
      return digitTriples(9, 0);
    case 2:
      return digitTriples(5, 1);
    case 3:
      return setsOfBalls(
        Array.from({ length: 11 }, (_, i) => i + 1),
        5,
      );
    case 4:
      return racingRotations();
  }
}

const countsCache = new Map<GameType, OutcomeCounts>();

// Enumeration is pure, so count once per isolate and reuse.
function outcomeCounts(gameType: GameType): OutcomeCounts {
  const cached = countsCache.get(gameType);
  if (cached) return cached;
  const optionCount = fullOptionCount(gameType);
  const counts: OutcomeCounts = { wins: Array(optionCount).fill(0), refunds: Array(optionCount).fill(0), total: 0 };
  for (const numbers of equallyLikelyDraws(gameType)) {
    const result = resultOf(gameType, numbers);
    counts.total += 1;
    for (let index = 0; index < optionCount; index++) {
      const outcome = optionOutcome(gameType, index, result);
      if (outcome === "win") counts.wins[index] += 1;
      else if (outcome === "refund") counts.refunds[index] += 1;
    }
  }
  countsCache.set(gameType, counts);
  return counts;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function probability(count: number, total: number): Probability {
  const divisor = gcd(count, total) || 1;
  return { num: count / divisor, den: total / divisor, value: count / total };
}

export function optionProbabilities(gameType: GameType, optionCount = fullOptionCount(gameType)): OptionProbability[] {
  const counts = outcomeCounts(gameType);
  return optionsForRoom(gameType, optionCount).map(({ index, key }) => ({
    index,
    key,
    win: probability(counts.wins[index], counts.total),
    refund: probability(counts.refunds[index], counts.total),
  }));
}

/** The rules page table for a room with the given rates (rate0..rateN, thousandths). */
export function rulesTable(gameType: GameType, optionCount: number, ratesMilli: readonly number[]): RulesRow[] {
  if (ratesMilli.length !== optionCount) {
    throw new RangeError(`expected ${optionCount} rates, got ${ratesMilli.length}`);
  }
  for (const rate of ratesMilli) {
    if (!Number.isSafeInteger(rate) || rate < 0) throw new RangeError(`bad rate ${rate}`);
  }
  const counts = outcomeCounts(gameType);
  return optionsForRoom(gameType, optionCount).map(({ index, key }) => {
    const oddsMilli = ratesMilli[index];
    const wins = counts.wins[index];
    const refunds = counts.refunds[index];
    return {
      index,
      key,
      probability: probability(wins, counts.total),
      refundProbability: probability(refunds, counts.total),
      oddsMilli,
      rtp: (wins * oddsMilli + refunds * 1000) / (counts.total * 1000),
    };
  });
}
