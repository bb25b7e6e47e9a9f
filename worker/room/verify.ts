// Recomputes a published round from its seed alone (docs/product.md#fairness): the core of `npm run verify-round`,
// kept here so it is the same code the room draws with and can be unit-tested.

import { type GameType, fullOptionCount, isGameType } from "../games/options";
import { verifyRound } from "../games/fairness";
import { resultOf, winningMask } from "../games/rules";
import { winningOptions } from "./round-view";

/** A round as getround publishes it (or as the local D1 holds it). */
export type PublishedRound = {
  roomid: number;
  seqno: number;
  gametype: number;
  commit: string;
  seed: string | null;
  numbers: number[];
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
  resultKeys?: string[];
  optionCount?: number;
};

export type RoundCheck = {
  ok: boolean;
  problems: string[];
  computed: { commit: string | null; numbers: number[] | null; num1?: number; num2?: number; num3?: number; sum?: number; resultKeys?: string[] };
};

function same(a: readonly unknown[], b: readonly unknown[]) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export async function checkPublishedRound(round: PublishedRound): Promise<RoundCheck> {
  if (!isGameType(round.gametype)) return { ok: false, problems: [`unknown game type ${round.gametype}`], computed: { commit: null, numbers: null } };
  if (!round.seed) return { ok: false, problems: ["the round is not drawn yet: its seed is still secret"], computed: { commit: null, numbers: null } };
  const gameType = round.gametype as GameType;
  const verification = await verifyRound({ seedHex: round.seed, commit: round.commit, roomId: round.roomid, seqno: round.seqno, gameType, numbers: round.numbers });
  const problems: string[] = verification.problems.map((p) =>
    p === "malformed_seed" ? "the seed is not 64 lowercase hex characters" : p === "commit_mismatch" ? "SHA-256(seed) differs from the commit" : "the seed draws other numbers",
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
