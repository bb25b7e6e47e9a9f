// Turning a stream of unsigned 32-bit words into a game's drawn numbers (docs/product.md#fairness). Kept apart
// from the HMAC stream so the sampler can be tested with words chosen by hand.

import { type GameType, isGameType } from "./options";

/** Supplies unsigned 32-bit words in a fixed order; async because the real one is Web Crypto HMAC. */
export interface WordSource {
  nextWord(): Promise<number>;
}

const WORD_RANGE = 2 ** 32;

/**
 * A uniform index in 0..n-1. Words at or above the largest multiple of n below 2^32 are skipped, so
 * every index is backed by the same number of words and none is favoured (no modulo bias).
 */
export async function drawIndex(words: WordSource, n: number): Promise<number> {
  if (!Number.isInteger(n) || n < 1 || n > WORD_RANGE) throw new RangeError(`cannot draw from ${n} values`);
  const acceptBelow = Math.floor(WORD_RANGE / n) * n;
  for (;;) {
    const u = await words.nextWord();
    if (!Number.isInteger(u) || u < 0 || u >= WORD_RANGE) throw new RangeError(`not a 32-bit word: ${u}`);
    if (u < acceptBelow) return u % n;
  }
}

/** Takes `count` balls from an ordered pool by index, removing each, so no ball comes twice. */
export async function drawFromPool(words: WordSource, pool: readonly number[], count: number): Promise<number[]> {
  if (count > pool.length) throw new RangeError(`cannot take ${count} from a pool of ${pool.length}`);
  const remaining = [...pool];
  const taken: number[] = [];
  while (taken.length < count) {
    const index = await drawIndex(words, remaining.length);
    taken.push(remaining.splice(index, 1)[0]);
  }
  return taken;
}

async function drawRepeated(words: WordSource, count: number, n: number, offset: number): Promise<number[]> {
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) drawn.push((await drawIndex(words, n)) + offset);
  return drawn;
}

function poolOneTo(size: number): number[] {
  return Array.from({ length: size }, (_, i) => i + 1);
}

/** The drawn numbers of one round of `gameType`, in draw order. */
export async function drawForGame(words: WordSource, gameType: GameType): Promise<number[]> {
  if (!isGameType(gameType)) throw new RangeError(`unknown game type ${String(gameType)}`);
  switch (gameType) {
    case 1:
      return drawRepeated(words, 3, 10, 0); // Lucky 28: three digits 0-9
    case 2:
      return drawRepeated(words, 3, 6, 1); // Fast 3: three dice 1-6
    case 3:
      return drawFromPool(words, poolOneTo(11), 5); // 11x5: five of balls 1-11
    case 4:
      return drawFromPool(words, poolOneTo(10), 10); // Racing 10: the finishing order of cars 1-10
  }
}
