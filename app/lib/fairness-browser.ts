// The fairness check as the player's own browser runs it (app/components/game/FairnessReport.tsx): the
// beacon round against the rule, its signature against the key pinned in this page's own code (the BLS
// library loads only here), then the draw from the seed and the verified randomness (docs/decisions/130).

import { verifyRound, type RoundVerification } from "#shared/games/fairness";
import type { GameType } from "#shared/games/options";
import type { PublishedBeacon } from "#shared/games/beacon";

/** A round as /fairness checks it, on the server and again in the browser. */
export type CheckedRound = {
  roomId: number;
  seqno: string;
  gameType: GameType;
  commit: string;
  seed: string;
  /** The numbers the room published (absent when checking a seed by hand). */
  numbers: number[] | null;
  /** When betting closed (epoch ms): its beacon round is the first produced after it; null when not published. */
  closeAt: number | null;
  /** The beacon round mixed into the draw (docs/decisions/130); null: commit-reveal only. */
  beacon: PublishedBeacon | null;
};

/** The server's verdict on a round's beacon (docs/decisions/130); null: commit-reveal only, not required. */
export type BeaconVerdict = { ok: boolean; problem: string | null; expectedRound: number | null };

/** The whole check on this device; `requireBeacon`: the site's rule draws every round with the beacon. */
export async function recomputeHere(
  round: CheckedRound,
  testKey: string | null,
  requireBeacon: boolean,
): Promise<RoundVerification> {
  let beaconRandomness: string | null = null;
  if (round.beacon || requireBeacon) {
    const { checkRoundBeacon, testChain } = await import("#shared/games/beacon");
    const chains = testKey ? await testChain(testKey).then((chain) => ({ [chain.chainHash]: chain })) : {};
    const beacon = await checkRoundBeacon(round, chains, requireBeacon);
    if (beacon && !beacon.ok) return { ok: false, problems: ["malformed_beacon"], computedCommit: null, numbers: null };
    beaconRandomness = beacon?.ok ? beacon.randomness : null;
  }
  return verifyRound({
    seedHex: round.seed,
    commit: round.commit,
    roomId: round.roomId,
    seqno: round.seqno,
    gameType: round.gameType,
    numbers: round.numbers ?? undefined,
    beaconRandomness,
  });
}

/**
 * The browser's mark: its own verdict (a round that fails both checks is still a failure), and apart
 * from it whether the server's check came out the same (the same verdict, and for a round both verify,
 * the same commitment and numbers).
 */
export function browserMark(
  mine: RoundVerification,
  server: RoundVerification,
): { verdict: "ok" | "bad"; agrees: boolean } {
  const sameFigures = mine.computedCommit === server.computedCommit && String(mine.numbers) === String(server.numbers);
  return { verdict: mine.ok ? "ok" : "bad", agrees: mine.ok === server.ok && (!mine.ok || sameFigures) };
}
