// The beacon side of a round (docs/decisions/130): which drand round it names at open, and at its draw
// whether that round is in (verified), still to wait for, or given up on (the round is voided).

import type { Config } from "../config";
import {
  type BeaconChain,
  type BeaconProblem,
  type VerifiedBeacon,
  QUICKNET,
  beaconRoundAfter,
  fetchBeacon,
  testChain,
} from "#shared/games/beacon";
import type { RoundSchedule } from "./round-view";

export type BeaconSettings = Config["beacon"];

/** How often a waiting draw asks again: one quicknet period. */
export const BEACON_RETRY_MS = 3_000;

/** The chain new rounds name: quicknet, or the tests' local chain where its key is allowed; null: no beacon. */
async function chainForNewRounds(settings: BeaconSettings): Promise<BeaconChain | null> {
  if (!settings.url) return null;
  return settings.testPublicKey ? testChain(settings.testPublicKey) : QUICKNET;
}

/** The chain a round named at open, if this deployment can still verify it. */
async function chainNamed(settings: BeaconSettings, chainHash: string | null): Promise<BeaconChain | null> {
  if (chainHash === QUICKNET.chainHash) return QUICKNET;
  if (settings.testPublicKey) {
    const test = await testChain(settings.testPublicKey);
    if (test.chainHash === chainHash) return test;
  }
  return null;
}

/** What the round publishes at open beside its commit. */
export async function beaconForRound(
  settings: BeaconSettings,
  closeAtMs: number,
): Promise<{ beaconChain: string | null; beaconRound: number | null }> {
  const chain = await chainForNewRounds(settings);
  return chain
    ? { beaconChain: chain.chainHash, beaconRound: beaconRoundAfter(chain, closeAtMs) }
    : { beaconChain: null, beaconRound: null };
}

export type BeaconWait =
  | { kind: "ready"; beacon: VerifiedBeacon }
  | { kind: "wait"; retryAtMs: number; problem: BeaconProblem | "unconfigured" }
  | { kind: "give_up" };

/**
 * Fetches and verifies the round's beacon. Anything short of a verified answer (unreachable, slow, not
 * produced yet, a bad signature, a chain this deployment cannot verify) waits and retries until
 * BEACON_MAX_WAIT_SECONDS after the draw time, then gives up: the round is voided, never drawn otherwise.
 */
export async function awaitBeacon(
  settings: BeaconSettings,
  round: RoundSchedule & { beaconRound: number },
): Promise<BeaconWait> {
  const chain = await chainNamed(settings, round.beaconChain);
  const check =
    chain && settings.url
      ? await fetchBeacon(settings.url, chain, round.beaconRound)
      : ({ ok: false, problem: "unconfigured" } as const);
  if (check.ok) return { kind: "ready", beacon: check.beacon };
  const deadlineMs = round.drawAtMs + settings.maxWaitMs;
  const nowMs = Date.now();
  if (nowMs >= deadlineMs) return { kind: "give_up" };
  return { kind: "wait", retryAtMs: Math.min(nowMs + BEACON_RETRY_MS, deadlineMs), problem: check.problem };
}
