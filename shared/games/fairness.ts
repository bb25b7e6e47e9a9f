// Provably fair rounds (docs/product.md#fairness, docs/decisions/130): the room commits to SHA-256(seed) when a round
// opens, draws from HMAC-SHA256(seed, message) and publishes the seed after the draw. With a beacon the
// message also holds the randomness of a drand round produced after betting closed, so nobody, the
// operator included, knows the outcome while bets come in. Web Crypto only: workerd, Node and browsers.

import { type WordSource, drawForGame } from "./draw";
import type { GameType } from "./options";
import { toHex } from "../hex";

const SEED_BYTES = 32;
const WORDS_PER_BLOCK = 8; // one SHA-256 HMAC = 32 bytes = eight 32-bit words

export function newServerSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES));
}

/**
 * Strict on purpose: a published seed is exactly 64 lowercase hex characters, and accepting other
 * spellings would let two different strings verify as the same seed.
 */
export function fromHex(hex: string, byteLength = SEED_BYTES): Uint8Array {
  if (typeof hex !== "string" || hex.length !== byteLength * 2 || !/^[0-9a-f]*$/.test(hex)) {
    throw new RangeError(`expected ${byteLength * 2} lowercase hex characters`);
  }
  const bytes = new Uint8Array(byteLength);
  for (let i = 0; i < byteLength; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The commitment published at round open: lowercase hex SHA-256 of the seed bytes. */
export async function commitOf(seed: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(seed));
  return toHex(new Uint8Array(digest));
}

function roundLabelPart(name: string, value: number | string): string {
  // The colon separates the parts of the HMAC message, so a part holding one could make two
  // different rounds read the same stream.
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number`);
    return String(value);
  }
  if (value.length === 0 || value.includes(":")) throw new RangeError(`${name} must be non-empty without ':'`);
  return value;
}

/** The domain of beacon draws' HMAC messages: no commit-reveal message starts with a letter. */
const BEACON_DRAW_DOMAIN = "beacon-v1";
const RANDOMNESS_HEX = /^[0-9a-f]{64}$/;

/**
 * The HMAC message of block `block` of a round's word stream. Commit-reveal only: "roomId:seqno", then
 * "roomId:seqno:k". With a beacon: "beacon-v1:<randomness hex>:roomId:seqno", then ":k" appended.
 */
export function roundMessage(
  roomId: number | string,
  seqno: number | string,
  block: number,
  beaconRandomness: string | null = null,
): string {
  let base = `${roundLabelPart("roomId", roomId)}:${roundLabelPart("seqno", seqno)}`;
  if (beaconRandomness !== null) {
    if (!RANDOMNESS_HEX.test(beaconRandomness))
      throw new RangeError("beacon randomness is 64 lowercase hex characters");
    base = `${BEACON_DRAW_DOMAIN}:${beaconRandomness}:${base}`;
  }
  return block === 0 ? base : `${base}:${block}`;
}

/** The round's words: big-endian 32-bit words of each HMAC block, computing blocks only as needed. */
export function roundWordSource(
  seed: Uint8Array,
  roomId: number | string,
  seqno: number | string,
  beaconRandomness: string | null = null,
): WordSource {
  // Fail here rather than at the first word, so a bad round never reaches the draw.
  if (seed.length !== SEED_BYTES) throw new RangeError(`a server seed is ${SEED_BYTES} bytes`);
  roundMessage(roomId, seqno, 0, beaconRandomness);
  const key = crypto.subtle.importKey("raw", new Uint8Array(seed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const encoder = new TextEncoder();
  let block = -1;
  let words: DataView | null = null;
  let wordInBlock = WORDS_PER_BLOCK;
  return {
    async nextWord() {
      if (wordInBlock === WORDS_PER_BLOCK) {
        block += 1;
        const message = encoder.encode(roundMessage(roomId, seqno, block, beaconRandomness));
        words = new DataView(await crypto.subtle.sign("HMAC", await key, message));
        wordInBlock = 0;
      }
      return words!.getUint32(4 * wordInBlock++, false);
    },
  };
}

/** The numbers a round draws, in draw order; the same inputs always give the same numbers. */
export async function drawNumbers(
  seed: Uint8Array,
  roomId: number | string,
  seqno: number | string,
  gameType: GameType,
  beaconRandomness: string | null = null,
): Promise<number[]> {
  return drawForGame(roundWordSource(seed, roomId, seqno, beaconRandomness), gameType);
}

export interface RoundToVerify {
  seedHex: string;
  commit: string;
  roomId: number | string;
  seqno: number | string;
  gameType: GameType;
  /** The numbers the room published, when the caller wants them checked too. */
  numbers?: readonly number[];
  /** The verified randomness of the round's beacon round; null or absent: commit-reveal only. */
  beaconRandomness?: string | null;
}

export type VerificationProblem = "malformed_seed" | "commit_mismatch" | "numbers_mismatch" | "malformed_beacon";

export interface RoundVerification {
  ok: boolean;
  problems: VerificationProblem[];
  /** SHA-256 of the published seed, or null when the seed is not 64 lowercase hex characters. */
  computedCommit: string | null;
  /** The numbers the seed draws, or null when the seed is malformed. */
  numbers: number[] | null;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** Checks a published round: the seed matches its commit and draws the published numbers. */
export async function verifyRound(round: RoundToVerify): Promise<RoundVerification> {
  let seed: Uint8Array;
  try {
    seed = fromHex(round.seedHex);
  } catch {
    return { ok: false, problems: ["malformed_seed"], computedCommit: null, numbers: null };
  }
  const problems: VerificationProblem[] = [];
  const computedCommit = await commitOf(seed);
  if (computedCommit !== round.commit) problems.push("commit_mismatch");
  let numbers: number[];
  try {
    numbers = await drawNumbers(seed, round.roomId, round.seqno, round.gameType, round.beaconRandomness ?? null);
  } catch {
    return { ok: false, problems: [...problems, "malformed_beacon"], computedCommit, numbers: null };
  }
  if (round.numbers !== undefined && !sameNumbers(numbers, round.numbers)) problems.push("numbers_mismatch");
  return { ok: problems.length === 0, problems, computedCommit, numbers };
}

/**
 * How a deployment draws its rounds (docs/decisions/130): "upstream" in proxy mode (the upstream's rule),
 * "beacon" when BEACON_URL is set, else "commitReveal"; testPublicKey is the tests' local beacon key.
 */
export type DrawRule = { rule: "upstream" | "beacon" | "commitReveal"; testPublicKey: string | null };
