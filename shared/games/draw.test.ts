import { describe, expect, it } from "vitest";
import { type WordSource, drawForGame, drawFromPool, drawIndex } from "./draw";

function wordsFromList(list: readonly number[]): WordSource & { used: () => number } {
  let next = 0;
  return {
    async nextWord() {
      if (next >= list.length) throw new Error("word list exhausted");
      return list[next++];
    },
    used: () => next,
  };
}

const TOP_WORD = 2 ** 32 - 1;

describe("drawIndex", () => {
  it("skips words at or above the largest multiple of n (n = 10)", async () => {
    // floor(2^32 / 10) x 10 = 4294967290: that word and every higher one would favour 0..5.
    const words = wordsFromList([TOP_WORD, 4294967290, 4294967289, 17]);
    expect(await drawIndex(words, 10)).toBe(4294967289 % 10);
    expect(words.used()).toBe(3);
    expect(await drawIndex(words, 10)).toBe(7);
  });

  it("skips the top four words for dice (n = 6)", async () => {
    const limit = Math.floor(2 ** 32 / 6) * 6;
    expect(limit).toBe(4294967292);
    const words = wordsFromList([limit, limit + 1, limit + 2, limit + 3, limit - 1]);
    expect(await drawIndex(words, 6)).toBe((limit - 1) % 6);
    expect(words.used()).toBe(5);
  });

  it("rejects nearly half the words when n is just above 2^31", async () => {
    const n = 2 ** 31 + 1;
    const words = wordsFromList([n, TOP_WORD, n - 1]);
    expect(await drawIndex(words, n)).toBe(n - 1);
    expect(words.used()).toBe(3);
  });

  it("keeps every word when n divides 2^32", async () => {
    const words = wordsFromList([TOP_WORD]);
    expect(await drawIndex(words, 8)).toBe(7);
  });

  it("refuses impossible ranges and words", async () => {
    await expect(drawIndex(wordsFromList([1]), 0)).rejects.toThrow(RangeError);
    await expect(drawIndex(wordsFromList([1]), 2.5)).rejects.toThrow(RangeError);
    await expect(drawIndex(wordsFromList([2 ** 32]), 10)).rejects.toThrow(RangeError);
    await expect(drawIndex(wordsFromList([-1]), 10)).rejects.toThrow(RangeError);
  });
});

describe("drawFromPool", () => {
  it("takes balls by index from the shrinking pool", async () => {
    // indexes 10, 0, 0, 7 (mod the pool sizes 11, 10, 9, 8)
    const taken = await drawFromPool(wordsFromList([10, 10, 9, 7]), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 4);
    expect(taken).toEqual([11, 1, 2, 10]);
  });

  it("refuses to take more balls than the pool holds", async () => {
    await expect(drawFromPool(wordsFromList([]), [1, 2], 3)).rejects.toThrow(RangeError);
  });
});

describe("drawForGame", () => {
  it("draws three digits for Lucky 28", async () => {
    expect(await drawForGame(wordsFromList([19, 0, 9]), 1)).toEqual([9, 0, 9]);
  });

  it("draws three dice 1-6 for Fast 3", async () => {
    expect(await drawForGame(wordsFromList([5, 6, 13]), 2)).toEqual([6, 1, 2]);
  });

  it("draws five distinct balls for 11x5", async () => {
    const words = wordsFromList([0, 0, 0, 0, 0]);
    expect(await drawForGame(words, 3)).toEqual([1, 2, 3, 4, 5]);
  });

  it("draws the whole finishing order for Racing 10, one word per rank", async () => {
    const words = wordsFromList([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(await drawForGame(words, 4)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(words.used()).toBe(10);
  });
});
