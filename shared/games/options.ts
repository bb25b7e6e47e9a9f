// The bet option catalogue of docs/product.md#games: which options a room offers and their default odds.
// A room's live odds (rate0..rateN) start from these defaults and are then set by operators.

import { RACING_10 } from "../rooms";

export type GameType = 1 | 2 | 3 | 4;

export const ELEVEN_FIVE = 3;

export function isGameType(value: unknown): value is GameType {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** Option keys of the sum games (types 1-3), in option-index order. */
export const SUM_OPTION_KEYS = [
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
] as const;

export type SumOptionKey = (typeof SUM_OPTION_KEYS)[number];

/** What a single Racing 10 rank can be bet on; option index = 4 x (rank - 1) + k. */
const RANK_OPTION_KINDS = ["big", "small", "odd", "even"] as const;

export type RankOptionKind = (typeof RANK_OPTION_KINDS)[number];

export const RACING_RANKS = 10;

/** Room 16 ("Big & Small") offers only big, small, odd and even on the Lucky 28 draw. */
const FOUR_OPTION_COUNT = 4;
const SUM_OPTION_COUNT = SUM_OPTION_KEYS.length;
const RACING_OPTION_COUNT = RACING_RANKS * RANK_OPTION_KINDS.length;

export interface BetOption {
  index: number;
  /** Stable name for translations and logs, e.g. "big_odd" or "rank3_odd". */
  key: string;
  defaultOddsMilli: number;
}

// Default odds in thousandths, indexed like SUM_OPTION_KEYS (docs/product.md#games table).
const SUM_DEFAULT_ODDS_MILLI: Record<1 | 2 | 3, readonly number[]> = {
  1: [1980, 1980, 1980, 1980, 4200, 3600, 3600, 4200, 17000, 17000, 95000],
  2: [1980, 1980, 1980, 1980, 3400, 4400, 4400, 3400, 20500, 20500, 34000],
  3: [1980, 1980, 1900, 1980, 3800, 4200, 3800, 4200, 10500, 10500, 13500],
};

const RACING_DEFAULT_ODDS_MILLI = 1980;

function sumGameOptions(gameType: 1 | 2 | 3): BetOption[] {
  const odds = SUM_DEFAULT_ODDS_MILLI[gameType];
  return SUM_OPTION_KEYS.map((key, index) => ({ index, key, defaultOddsMilli: odds[index] }));
}

function racingOptions(): BetOption[] {
  const options: BetOption[] = [];
  for (let rank = 1; rank <= RACING_RANKS; rank++) {
    RANK_OPTION_KINDS.forEach((kind) => {
      options.push({
        index: racingOptionIndex(rank, kind),
        key: `rank${rank}_${kind}`,
        defaultOddsMilli: RACING_DEFAULT_ODDS_MILLI,
      });
    });
  }
  return options;
}

const FULL_CATALOGUE: Record<GameType, readonly BetOption[]> = {
  1: sumGameOptions(1),
  2: sumGameOptions(2),
  3: sumGameOptions(3),
  4: racingOptions(),
};

/** Every option the game type's rules define (11 for types 1-3, 40 for Racing 10). */
export function fullOptionCount(gameType: GameType): number {
  if (!isGameType(gameType)) throw new RangeError(`unknown game type ${String(gameType)}`);
  return FULL_CATALOGUE[gameType].length;
}

/** Option counts a room of this type may offer: the full list, or the four-option variant. */
export function allowedOptionCounts(gameType: GameType): readonly number[] {
  return gameType === RACING_10 ? [RACING_OPTION_COUNT] : [FOUR_OPTION_COUNT, SUM_OPTION_COUNT];
}

/**
 * The options a room offers, in index order. A room with fewer options offers a prefix of the
 * catalogue, so option indexes (and settlement bitmasks) mean the same thing in every room of a type.
 */
export function optionsForRoom(gameType: GameType, optionCount = fullOptionCount(gameType)): readonly BetOption[] {
  if (!isGameType(gameType)) throw new RangeError(`unknown game type ${String(gameType)}`);
  if (!allowedOptionCounts(gameType).includes(optionCount)) {
    throw new RangeError(`game type ${gameType} has no room with ${optionCount} options`);
  }
  return FULL_CATALOGUE[gameType].slice(0, optionCount);
}

/** Default rate0..rateN of a new room, in thousandths. */
export function defaultRatesMilli(gameType: GameType, optionCount = fullOptionCount(gameType)): number[] {
  return optionsForRoom(gameType, optionCount).map((option) => option.defaultOddsMilli);
}

export function racingOptionIndex(rank: number, kind: RankOptionKind): number {
  if (!Number.isInteger(rank) || rank < 1 || rank > RACING_RANKS) throw new RangeError(`no rank ${rank}`);
  return (rank - 1) * RANK_OPTION_KINDS.length + RANK_OPTION_KINDS.indexOf(kind);
}

/** The rank and bet kind of a Racing 10 option index. */
export function racingOptionOf(optionIndex: number): { rank: number; kind: RankOptionKind } {
  if (!Number.isInteger(optionIndex) || optionIndex < 0 || optionIndex >= RACING_OPTION_COUNT) {
    throw new RangeError(`no Racing 10 option ${optionIndex}`);
  }
  const perRank = RANK_OPTION_KINDS.length;
  return { rank: Math.floor(optionIndex / perRank) + 1, kind: RANK_OPTION_KINDS[optionIndex % perRank] };
}
