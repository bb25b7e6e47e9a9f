// Recomputes a published round from its seed and its beacon round (docs/product.md#fairness, docs/decisions/130): the core of `npm run verify-round`,
// kept here so it is the same code the room draws with and can be unit-tested.

import { type GameType, fullOptionCount, isGameType } from "#shared/games/options";
import { commitOf, fromHex, verifyRound } from "#shared/games/fairness";
import { type BeaconChain, type PublishedBeaconCheck, checkRoundBeacon } from "#shared/games/beacon";
import { resultOf, winningMask } from "#shared/games/rules";
import { winningOptions } from "./round-view";
import type { PublishedRound } from "#shared/answers/games";

/**
 * A round as getround publishes it (shared/answers/games.ts), or as an older backend or the local D1 holds it:
 * what the check reads, the fields the check does without optional.
 */
export type RoundToCheck = Pick<
  PublishedRound,
  "roomid" | "seqno" | "gametype" | "commit" | "seed" | "numbers" | "num1" | "num2" | "num3" | "sum"
> &
  Partial<Pick<PublishedRound, "status" | "resultKeys" | "optionCount" | "beacon">> & {
    /** When betting closed (epoch ms): the beacon round must be the first produced after it. */
    closeAt?: number | null;
  };

export type RoundCheck = {
  ok: boolean;
  problems: string[];
  computed: {
    commit: string | null;
    numbers: number[] | null;
    num1?: number;
    num2?: number;
    num3?: number;
    sum?: number;
    resultKeys?: string[];
  };
};

function same(a: readonly unknown[], b: readonly unknown[]) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

const BEACON_PROBLEMS: Record<string, string> = {
  unknown_chain: "the beacon chain is not one this check pins a public key for",
  absent: "the round carries no beacon round, but the rule draws every round with one",
  no_close_time:
    "the round does not publish when betting closed, so its beacon round cannot be checked against the rule",
  missing: "the beacon signature is missing",
  malformed: "the beacon signature is not 96 lowercase hex characters",
  wrong_round: "the beacon answer is for another round",
  bad_signature: "the beacon signature does not verify against the chain's public key",
  bad_randomness: "the beacon randomness is not SHA-256 of its signature",
};

function beaconProblem(check: Extract<PublishedBeaconCheck, { ok: false }>, round: RoundToCheck): string {
  if (check.problem === "not_rule_round") {
    return `the beacon round is ${round.beacon?.round} but the rule names ${check.expectedRound}, the first produced after betting closed`;
  }
  return BEACON_PROBLEMS[check.problem] ?? check.problem;
}

export type CheckOptions = {
  /** Chains beside quicknet (the tests' local beacon). */
  chains?: Record<string, BeaconChain>;
  /**
   * The deployment draws with the beacon (or the round was announced with one at open): a drawn round
   * that carries no beacon is refused instead of passing as commit-reveal only.
   */
  requireBeacon?: boolean;
};

/**
 * Recomputes a published round: its beacon round against the one the rule names for its close time, its
 * beacon signature against the pinned public key (offline), its seed against its commit, and the numbers
 * the seed and beacon randomness draw.
 */
export async function checkPublishedRound(round: RoundToCheck, options: CheckOptions = {}): Promise<RoundCheck> {
  const { chains = {}, requireBeacon = false } = options;
  if (!isGameType(round.gametype))
    return { ok: false, problems: [`unknown game type ${round.gametype}`], computed: { commit: null, numbers: null } };
  if (!round.seed)
    return {
      ok: false,
      problems: ["the round is not drawn yet: its seed is still secret"],
      computed: { commit: null, numbers: null },
    };
  const gameType = round.gametype as GameType;
  if (round.status === "void") return checkVoidRound(round.seed, round.commit);
  const beacon = await checkRoundBeacon(round, chains, requireBeacon);
  if (beacon && !beacon.ok)
    return { ok: false, problems: [beaconProblem(beacon, round)], computed: { commit: null, numbers: null } };
  const beaconRandomness = beacon?.ok ? beacon.randomness : null;
  const verification = await verifyRound({
    seedHex: round.seed,
    commit: round.commit,
    roomId: round.roomid,
    seqno: round.seqno,
    gameType,
    numbers: round.numbers,
    beaconRandomness,
  });
  const problems: string[] = verification.problems.map((p) =>
    p === "malformed_seed"
      ? "the seed is not 64 lowercase hex characters"
      : p === "commit_mismatch"
        ? "SHA-256(seed) differs from the commit"
        : p === "malformed_beacon"
          ? "the beacon randomness is malformed"
          : "the seed draws other numbers",
  );
  const computed: RoundCheck["computed"] = { commit: verification.computedCommit, numbers: verification.numbers };
  if (verification.numbers) {
    const result = resultOf(gameType, verification.numbers);
    Object.assign(computed, { num1: result.num1, num2: result.num2, num3: result.num3, sum: result.sum });
    if (!same([round.num1, round.num2, round.num3, round.sum], [result.num1, result.num2, result.num3, result.sum])) {
      problems.push("num1, num2, num3 or sum differ from the drawn numbers");
    }
    if (round.resultKeys) {
      const optionCount = round.optionCount ?? fullOptionCount(gameType);
      computed.resultKeys = winningOptions(gameType, optionCount, Number(winningMask(gameType, result))).map(
        (o) => o.key,
      );
      if (!same(round.resultKeys, computed.resultKeys))
        problems.push("the published winning options differ from the rules");
    }
  }
  return { ok: problems.length === 0, problems, computed };
}

/** A void round drew nothing: its published seed must still be the one committed to when it opened. */
async function checkVoidRound(seedHex: string, commit: string): Promise<RoundCheck> {
  let computedCommit: string | null = null;
  try {
    computedCommit = await commitOf(fromHex(seedHex));
  } catch {
    return {
      ok: false,
      problems: ["the seed is not 64 lowercase hex characters"],
      computed: { commit: null, numbers: null },
    };
  }
  const problems = computedCommit === commit ? [] : ["SHA-256(seed) differs from the commit"];
  return { ok: problems.length === 0, problems, computed: { commit: computedCommit, numbers: null } };
}
