// Recomputes a published round from its seed and its beacon round (docs/product.md#fairness, docs/decisions/130): the core of `npm run verify-round`,
// kept here so it is the same code the room draws with and can be unit-tested.

import { type GameType, fullOptionCount, isGameType } from "../games/options";
import { commitOf, fromHex, verifyRound } from "../games/fairness";
import { type BeaconChain, type PublishedBeacon, checkPublishedBeacon } from "../games/beacon";
import { resultOf, winningMask } from "../games/rules";
import { winningOptions } from "./round-view";

/** A round as getround publishes it (or as the local D1 holds it). */
export type PublishedRound = {
  roomid: number;
  seqno: number;
  gametype: number;
  commit: string;
  seed: string | null;
  /** open | settled | void: a void round publishes its seed but draws nothing */
  status?: string;
  numbers: number[];
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
  resultKeys?: string[];
  optionCount?: number;
  /** The beacon round mixed into the draw (docs/decisions/130); absent or null: commit-reveal only. */
  beacon?: PublishedBeacon | null;
};

export type RoundCheck = {
  ok: boolean;
  problems: string[];
  computed: { commit: string | null; numbers: number[] | null; num1?: number; num2?: number; num3?: number; sum?: number; resultKeys?: string[] };
};

function same(a: readonly unknown[], b: readonly unknown[]) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

const BEACON_PROBLEMS: Record<string, string> = {
  unknown_chain: "the beacon chain is not one this check pins a public key for",
  missing: "the beacon signature is missing",
  malformed: "the beacon signature is not 96 lowercase hex characters",
  wrong_round: "the beacon answer is for another round",
  bad_signature: "the beacon signature does not verify against the chain's public key",
  bad_randomness: "the beacon randomness is not SHA-256 of its signature",
};

/**
 * Recomputes a published round: its seed against its commit, its beacon signature against the pinned
 * public key (offline), and the numbers the seed and beacon randomness draw. `chains` adds chains
 * beside quicknet (the tests' local beacon).
 */
export async function checkPublishedRound(round: PublishedRound, chains: Record<string, BeaconChain> = {}): Promise<RoundCheck> {
  if (!isGameType(round.gametype)) return { ok: false, problems: [`unknown game type ${round.gametype}`], computed: { commit: null, numbers: null } };
  if (!round.seed) return { ok: false, problems: ["the round is not drawn yet: its seed is still secret"], computed: { commit: null, numbers: null } };
  const gameType = round.gametype as GameType;
  if (round.status === "void") return checkVoidRound(round.seed, round.commit);
  let beaconRandomness: string | null = null;
  if (round.beacon) {
    const beacon = await checkPublishedBeacon(round.beacon, chains);
    if (!beacon.ok) return { ok: false, problems: [BEACON_PROBLEMS[beacon.problem] ?? beacon.problem], computed: { commit: null, numbers: null } };
    beaconRandomness = beacon.randomness;
  }
  const verification = await verifyRound({ seedHex: round.seed, commit: round.commit, roomId: round.roomid, seqno: round.seqno, gameType, numbers: round.numbers, beaconRandomness });
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
      computed.resultKeys = winningOptions(gameType, optionCount, Number(winningMask(gameType, result))).map((o) => o.key);
      if (!same(round.resultKeys, computed.resultKeys)) problems.push("the published winning options differ from the rules");
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
    return { ok: false, problems: ["the seed is not 64 lowercase hex characters"], computed: { commit: null, numbers: null } };
  }
  const problems = computedCommit === commit ? [] : ["SHA-256(seed) differs from the commit"];
  return { ok: problems.length === 0, problems, computed: { commit: computedCommit, numbers: null } };
}
