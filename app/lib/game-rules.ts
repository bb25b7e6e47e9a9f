// The rules page's "wins when" column, read off the settlement rules themselves (shared/games): for
// each sum option we collect the sums on which it wins or is refunded over every equally likely draw,
// then name that set ("sum 14 or more, odd"). Change a threshold in the rules and the page follows.

import { type GameType, optionsForRoom } from "#shared/games/options";
import { RACING_10 } from "#shared/rooms";
import { equallyLikelyDraws } from "#shared/games/probability";
import { optionOutcome, resultOf } from "#shared/games/rules";
import { rankOfKey } from "./game-labels";

export type SumRange = { from: number | null; to: number | null };

export type WinCondition =
  /** Wins on every sum of a range (open-ended when from/to is null), optionally only odd or even sums. */
  | { kind: "sum"; range: SumRange; parity: "odd" | "even" | null; refundSums: number[] }
  /** Not decided by the sum alone: all three numbers equal. */
  | { kind: "triple" }
  /** Racing 10: the car at a rank is big (6-10), small (1-5), odd or even. */
  | { kind: "rank"; rank: number; bet: "big" | "small" | "odd" | "even" };

type SumOutcomes = { bySum: Map<number, Set<string>>; minSum: number; maxSum: number };

// Per option: for each reachable sum, which outcomes occur ("win", "lose", "refund").
function outcomesBySum(gameType: GameType, optionIndex: number): SumOutcomes {
  const bySum = new Map<number, Set<string>>();
  let minSum = Infinity;
  let maxSum = -Infinity;
  for (const numbers of equallyLikelyDraws(gameType)) {
    const result = resultOf(gameType, numbers);
    minSum = Math.min(minSum, result.sum);
    maxSum = Math.max(maxSum, result.sum);
    const seen = bySum.get(result.sum) ?? new Set<string>();
    seen.add(optionOutcome(gameType, optionIndex, result));
    bySum.set(result.sum, seen);
  }
  return { bySum, minSum, maxSum };
}

function parityOf(sums: number[]): "odd" | "even" | null {
  if (sums.length > 1 && sums.every((s) => s % 2 === 1)) return "odd";
  if (sums.length > 1 && sums.every((s) => s % 2 === 0)) return "even";
  return null;
}

/** How one option of a game wins, for the rules page. */
export function winCondition(gameType: GameType, optionIndex: number, key: string): WinCondition {
  if (gameType === RACING_10) {
    const rank = rankOfKey(key);
    if (!rank) throw new RangeError(`not a Racing 10 option: ${key}`);
    return { kind: "rank", rank: rank.rank, bet: rank.kind };
  }
  const { bySum, minSum, maxSum } = outcomesBySum(gameType, optionIndex);
  if ([...bySum.values()].some((outcomes) => outcomes.size > 1)) return { kind: "triple" };
  const winSums = [...bySum]
    .filter(([, o]) => o.has("win"))
    .map(([s]) => s)
    .sort((a, b) => a - b);
  const refundSums = [...bySum]
    .filter(([, o]) => o.has("refund"))
    .map(([s]) => s)
    .sort((a, b) => a - b);
  const parity = parityOf(winSums);
  const low = winSums[0];
  const high = winSums[winSums.length - 1];
  // Every sum of the range with the right parity must win, else the words would not describe the rule.
  const described = [...bySum.keys()].filter(
    (s) => s >= low && s <= high && (parity === null || s % 2 === (parity === "odd" ? 1 : 0)),
  );
  const refunded = new Set(refundSums);
  if (described.some((s) => !winSums.includes(s) && !refunded.has(s))) {
    throw new RangeError(`option ${key} of game type ${gameType} has no simple sum rule`);
  }
  // With a parity, "open-ended" means up to the last sum of that parity (11x5: big even ends at 44).
  const sameParity = [...bySum.keys()].filter((s) => parity === null || s % 2 === winSums[0] % 2);
  const lowest = parity === null ? minSum : Math.min(...sameParity);
  const highest = parity === null ? maxSum : Math.max(...sameParity);
  return {
    kind: "sum",
    range: { from: low === lowest ? null : low, to: high === highest ? null : high },
    parity,
    refundSums,
  };
}

/** Every option's condition for a room offering the first `optionCount` options. */
export function winConditions(gameType: GameType, optionCount: number): WinCondition[] {
  return optionsForRoom(gameType, optionCount).map((option) => winCondition(gameType, option.index, option.key));
}

/** Probability as a percentage with two decimals ("48.60%"). */
export function percent(value: number): string {
  return `${(value * 100).toFixed(2)}%`;
}
