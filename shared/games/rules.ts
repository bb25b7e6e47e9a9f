// Settlement rules of docs/product.md#games: what a drawn round shows (num1..num3, sum) and whether each
// option wins, loses or is refunded. Pure functions so the room, the rules page and the tests share them.

import {
  type GameType,
  type RankOptionKind,
  type SumOptionKey,
  ELEVEN_FIVE,
  RACING_RANKS,
  SUM_OPTION_KEYS,
  fullOptionCount,
  isGameType,
  racingOptionOf,
} from "./options";
import { RACING_10 } from "../rooms";

export interface RoundResult {
  num1: number;
  num2: number;
  num3: number;
  sum: number;
  /** Every drawn number in draw order (Racing 10: the car at rank i + 1 is numbers[i]). */
  numbers: number[];
}

export type OptionOutcome = "win" | "lose" | "refund";

interface DrawShape {
  count: number;
  min: number;
  max: number;
  distinct: boolean;
}

const DRAW_SHAPES: Record<GameType, DrawShape> = {
  1: { count: 3, min: 0, max: 9, distinct: false },
  2: { count: 3, min: 1, max: 6, distinct: false },
  3: { count: 5, min: 1, max: 11, distinct: true },
  4: { count: 10, min: 1, max: 10, distinct: true },
};

/** Throws unless `numbers` is a draw the game type can produce; guards against corrupt stored rounds. */
function assertValidDraw(gameType: GameType, numbers: readonly number[]): void {
  if (!isGameType(gameType)) throw new RangeError(`unknown game type ${String(gameType)}`);
  const shape = DRAW_SHAPES[gameType];
  if (numbers.length !== shape.count) {
    throw new RangeError(`game type ${gameType} draws ${shape.count} numbers, got ${numbers.length}`);
  }
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < shape.min || n > shape.max) {
      throw new RangeError(`game type ${gameType} cannot draw ${n}`);
    }
  }
  if (shape.distinct && new Set(numbers).size !== numbers.length) {
    throw new RangeError(`game type ${gameType} draws distinct numbers`);
  }
}

export function resultOf(gameType: GameType, numbers: readonly number[]): RoundResult {
  assertValidDraw(gameType, numbers);
  const [num1, num2, num3] = numbers;
  const sum = gameType === RACING_10 ? num1 + num2 : numbers.reduce((total, n) => total + n, 0);
  return { num1, num2, num3, sum, numbers: [...numbers] };
}

interface SumThresholds {
  bigFrom: number;
  smallUpTo: number;
  extremeBigFrom: number;
  extremeSmallUpTo: number;
}

const SUM_THRESHOLDS: Record<1 | 2 | 3, SumThresholds> = {
  1: { bigFrom: 14, smallUpTo: 13, extremeBigFrom: 22, extremeSmallUpTo: 5 },
  2: { bigFrom: 11, smallUpTo: 10, extremeBigFrom: 16, extremeSmallUpTo: 5 },
  3: { bigFrom: 31, smallUpTo: 29, extremeBigFrom: 38, extremeSmallUpTo: 22 },
};

// 11x5's sums run 15-45 around a middle of 30, which is neither big nor small; a player who bet on a
// side of the middle gets the stake back rather than losing to a sum that belongs to no side.
const ELEVEN_FIVE_MIDDLE_SUM = 30;
const REFUNDED_ON_MIDDLE_SUM: ReadonlySet<SumOptionKey> = new Set(["big", "small", "big_even", "small_even"]);

function sumOptionWins(gameType: 1 | 2 | 3, key: SumOptionKey, result: RoundResult): boolean {
  const t = SUM_THRESHOLDS[gameType];
  const big = result.sum >= t.bigFrom;
  const small = result.sum <= t.smallUpTo;
  const odd = result.sum % 2 === 1;
  const even = !odd;
  switch (key) {
    case "big":
      return big;
    case "small":
      return small;
    case "odd":
      return odd;
    case "even":
      return even;
    case "big_odd":
      return big && odd;
    case "big_even":
      return big && even;
    case "small_odd":
      return small && odd;
    case "small_even":
      return small && even;
    case "extreme_big":
      return result.sum >= t.extremeBigFrom;
    case "extreme_small":
      return result.sum <= t.extremeSmallUpTo;
    case "triple":
      // 11x5 balls are distinct, so its "triple" option pays on the middle sum instead.
      return gameType === ELEVEN_FIVE
        ? result.sum === ELEVEN_FIVE_MIDDLE_SUM
        : result.num1 === result.num2 && result.num2 === result.num3;
  }
}

function sumOptionOutcome(gameType: 1 | 2 | 3, key: SumOptionKey, result: RoundResult): OptionOutcome {
  if (gameType === ELEVEN_FIVE && result.sum === ELEVEN_FIVE_MIDDLE_SUM && REFUNDED_ON_MIDDLE_SUM.has(key)) {
    return "refund";
  }
  return sumOptionWins(gameType, key, result) ? "win" : "lose";
}

function rankOptionWins(kind: RankOptionKind, car: number): boolean {
  switch (kind) {
    case "big":
      return car >= 6;
    case "small":
      return car <= 5;
    case "odd":
      return car % 2 === 1;
    case "even":
      return car % 2 === 0;
  }
}

/** Whether a bet on `optionIndex` wins, loses or gets its stake back in this round. */
export function optionOutcome(gameType: GameType, optionIndex: number, result: RoundResult): OptionOutcome {
  if (!isGameType(gameType)) throw new RangeError(`unknown game type ${String(gameType)}`);
  if (!Number.isInteger(optionIndex) || optionIndex < 0 || optionIndex >= fullOptionCount(gameType)) {
    throw new RangeError(`game type ${gameType} has no option ${optionIndex}`);
  }
  if (gameType === RACING_10) {
    const { rank, kind } = racingOptionOf(optionIndex);
    if (result.numbers.length !== RACING_RANKS) throw new RangeError("Racing 10 result needs all ten ranks");
    return rankOptionWins(kind, result.numbers[rank - 1]) ? "win" : "lose";
  }
  return sumOptionOutcome(gameType, SUM_OPTION_KEYS[optionIndex], result);
}

function maskOf(gameType: GameType, result: RoundResult, wanted: OptionOutcome): bigint {
  let mask = 0n;
  for (let index = 0; index < fullOptionCount(gameType); index++) {
    if (optionOutcome(gameType, index, result) === wanted) mask |= 1n << BigInt(index);
  }
  return mask;
}

/**
 * Bit i set = option i wins. Stored on the round row so settlement is one set-based UPDATE;
 * Racing 10 needs 40 bits, which is why this is a bigint (D1 integers are 64-bit).
 */
export function winningMask(gameType: GameType, result: RoundResult): bigint {
  return maskOf(gameType, result, "win");
}

/** Bit i set = a bet on option i gets its stake back (11x5 middle sum). */
export function refundMask(gameType: GameType, result: RoundResult): bigint {
  return maskOf(gameType, result, "refund");
}

export function isOptionInMask(mask: bigint, optionIndex: number): boolean {
  return ((mask >> BigInt(optionIndex)) & 1n) === 1n;
}

/** floor(stake x odds / 1000) in exact integer arithmetic (docs/product.md#money). */
export function payoutCents(stakeCents: number, oddsMilli: number): number {
  if (!Number.isSafeInteger(stakeCents) || stakeCents < 0) throw new RangeError(`bad stake ${stakeCents}`);
  if (!Number.isSafeInteger(oddsMilli) || oddsMilli < 0) throw new RangeError(`bad odds ${oddsMilli}`);
  // A bigint product never rounds, so the floor is exact even when stake x odds passes 2^53.
  const payout = (BigInt(stakeCents) * BigInt(oddsMilli)) / 1000n;
  if (payout > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("payout exceeds safe integer range");
  return Number(payout);
}
