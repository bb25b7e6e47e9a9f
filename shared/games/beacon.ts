// The public randomness beacon mixed into every draw (docs/decisions/130-beacon-draws.md): drand's
// quicknet, whose rounds are BLS signatures nobody can compute before they are produced. Verification
// is @noble/curves' (never our own curve code); hashing is Web Crypto, so this runs in workerd, Node and
// the browser alike.

import { bls12_381 } from "@noble/curves/bls12-381.js";
import { toHex } from "../hex";

export type BeaconChain = {
  /** drand's chain hash: the path segment of its HTTP API. */
  chainHash: string;
  /** The chain's BLS12-381 public key on G2, 96 bytes compressed, lowercase hex. */
  publicKey: string;
  genesisSeconds: number;
  periodSeconds: number;
};

/**
 * drand quicknet (League of Entropy mainnet), scheme bls-unchained-g1-rfc9380, pinned: a beacon answer
 * is checked against this key whatever server sent it, so a server cannot pick the randomness.
 */
export const QUICKNET: BeaconChain = {
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  genesisSeconds: 1692803367,
  periodSeconds: 3,
};

/** RFC 9380 hash-to-G1 with SHA-256, as quicknet signs (its scheme id says so: g1-rfc9380). */
const BEACON_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

const HEX = (bytes: number) => new RegExp(`^[0-9a-f]{${bytes * 2}}$`);
const SIGNATURE_HEX = HEX(48);
const PUBLIC_KEY_HEX = HEX(96);

/**
 * A chain for the tests' local beacon (tests/support/beacon-server.mjs), which signs with its own key:
 * its chain hash is SHA-256 of that key, so a round names the key it was verified with. Only accepted
 * where BEACON_TEST_PUBLIC_KEY is allowed (worker/config.ts).
 */
export async function testChain(publicKey: string): Promise<BeaconChain> {
  if (!PUBLIC_KEY_HEX.test(publicKey)) throw new RangeError("a beacon public key is 192 lowercase hex characters");
  const chainHash = toHex(await sha256(bytesOf(publicKey)));
  return { chainHash, publicKey, genesisSeconds: QUICKNET.genesisSeconds, periodSeconds: QUICKNET.periodSeconds };
}

/**
 * The beacon round a round will use: the first one produced strictly after its close time. drand produces
 * round r at genesis + (r - 1) x period (its "round at time t" is floor((t - genesis) / period) + 1, the
 * latest round at t), so the first after closeAt is floor((closeAt - genesis) / period) + 2.
 */
export function beaconRoundAfter(chain: BeaconChain, closeAtMs: number): number {
  return Math.floor((closeAtMs - chain.genesisSeconds * 1000) / (chain.periodSeconds * 1000)) + 2;
}

/** When drand produces a round (epoch ms). */
export function beaconRoundTimeMs(chain: BeaconChain, round: number): number {
  return (chain.genesisSeconds + (round - 1) * chain.periodSeconds) * 1000;
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
}

function bytesOf(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** What an unchained drand round signs: SHA-256 of the round number as 8 bytes big-endian. */
async function beaconMessage(round: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

/** A beacon round's randomness: SHA-256 of its signature bytes, lowercase hex. */
export async function beaconRandomness(signatureHex: string): Promise<string> {
  return toHex(await sha256(bytesOf(signatureHex)));
}

export type BeaconAnswer = { round: unknown; signature: unknown; randomness?: unknown };
export type VerifiedBeacon = { round: number; signature: string; randomness: string };
export type BeaconProblem =
  "unreachable" | "timeout" | "not_yet" | "malformed" | "wrong_round" | "bad_signature" | "bad_randomness";
export type BeaconCheck = { ok: true; beacon: VerifiedBeacon } | { ok: false; problem: BeaconProblem };

/**
 * Checks a beacon answer for `round`: the round asked for, a G1 signature that verifies against the
 * chain's public key over beaconMessage(round), and (when the answer carries one) randomness equal to
 * SHA-256 of the signature. Only a verified answer is ever drawn from.
 */
export async function verifyBeacon(chain: BeaconChain, round: number, answer: BeaconAnswer): Promise<BeaconCheck> {
  if (typeof answer.signature !== "string" || !SIGNATURE_HEX.test(answer.signature))
    return { ok: false, problem: "malformed" };
  if (answer.round !== round) return { ok: false, problem: "wrong_round" };
  const short = bls12_381.shortSignatures;
  let valid = false;
  try {
    const message = short.hash(await beaconMessage(round), BEACON_DST);
    valid = short.verify(
      short.Signature.fromHex(answer.signature),
      message,
      bls12_381.G2.Point.fromHex(chain.publicKey),
    );
  } catch {
    valid = false; // not a point on the curve, or not in its subgroup
  }
  if (!valid) return { ok: false, problem: "bad_signature" };
  const randomness = await beaconRandomness(answer.signature);
  if (answer.randomness !== undefined && answer.randomness !== randomness)
    return { ok: false, problem: "bad_randomness" };
  return { ok: true, beacon: { round, signature: answer.signature, randomness } };
}

/** How long one beacon request may take before the draw counts it as failed and retries later. */
const BEACON_FETCH_TIMEOUT_MS = 4_000;

/** GET {baseUrl}/{chainHash}/public/{round} (drand's HTTP API), then verifyBeacon. Never throws. */
export async function fetchBeacon(
  baseUrl: string,
  chain: BeaconChain,
  round: number,
  timeoutMs = BEACON_FETCH_TIMEOUT_MS,
): Promise<BeaconCheck> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, "")}/${chain.chainHash}/public/${round}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, problem: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  // drand answers a round not produced yet with 425 Too Early (some relays 404).
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, problem: response.status === 425 || response.status === 404 ? "not_yet" : "unreachable" };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    return { ok: false, problem: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "malformed" };
  }
  if (typeof body !== "object" || body === null) return { ok: false, problem: "malformed" };
  return verifyBeacon(chain, round, body as BeaconAnswer);
}

/** A round's beacon as the API publishes it (worker/room/round-view.ts). */
export type PublishedBeacon = {
  chain: string | null;
  round: number;
  signature: string | null;
  randomness: string | null;
};
export type PublishedBeaconProblem =
  BeaconProblem | "unknown_chain" | "missing" | "no_close_time" | "not_rule_round" | "absent";
export type PublishedBeaconCheck =
  | { ok: true; randomness: string }
  | {
      ok: false;
      problem: PublishedBeaconProblem;
      /** the beacon round the rule names, when the close time is known */ expectedRound?: number;
    };

/**
 * Checks a published beacon offline: the round must be the one the rule names for the round's betting
 * close time (beaconRoundAfter: the first produced after it, never an earlier one the operator could have
 * seen before bets closed), and its signature must verify against quicknet's pinned key or a chain the
 * caller names (the tests' local one). A chain nobody pinned is not trusted, whatever its answers say.
 */
async function checkPublishedBeacon(
  beacon: PublishedBeacon,
  closeAtMs: number | null | undefined,
  chains: Record<string, BeaconChain> = {},
): Promise<PublishedBeaconCheck> {
  const chain = beacon.chain === QUICKNET.chainHash ? QUICKNET : beacon.chain ? chains[beacon.chain] : undefined;
  if (!chain) return { ok: false, problem: "unknown_chain" };
  if (typeof closeAtMs !== "number" || !Number.isSafeInteger(closeAtMs)) return { ok: false, problem: "no_close_time" };
  const expectedRound = beaconRoundAfter(chain, closeAtMs);
  if (beacon.round !== expectedRound) return { ok: false, problem: "not_rule_round", expectedRound };
  if (!beacon.signature) return { ok: false, problem: "missing", expectedRound };
  const check = await verifyBeacon(chain, beacon.round, {
    round: beacon.round,
    signature: beacon.signature,
    randomness: beacon.randomness ?? undefined,
  });
  return check.ok ? { ok: true, randomness: check.beacon.randomness } : { ...check, expectedRound };
}

/**
 * A drawn round's beacon as every verifier checks it (worker/room/verify.ts, /fairness on the server and in
 * the browser). null: the round carries no beacon and none is required, commit-reveal only. Where the
 * rule draws every round with the beacon (the deployment says so, or the round was announced with one at
 * open), a drawn round without one is refused ("absent") instead of passing as commit-reveal only.
 */
export async function checkRoundBeacon(
  round: { beacon?: PublishedBeacon | null; closeAt?: number | null },
  chains: Record<string, BeaconChain>,
  requireBeacon: boolean,
): Promise<PublishedBeaconCheck | null> {
  if (!round.beacon) return requireBeacon ? { ok: false, problem: "absent" } : null;
  return checkPublishedBeacon(round.beacon, round.closeAt, chains);
}
