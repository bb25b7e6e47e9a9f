import { describe, expect, it } from "vitest";
import { commitOf, drawNumbers, fromHex, newServerSeed, roundMessage, roundWordSource, verifyRound } from "./fairness";
import { toHex } from "../hex";

// Vectors computed outside this module with Node's node:crypto (createHash / createHmac) and a separate
// ten-line sampler written from docs/product.md#fairness, so these tests do not check the code against itself.
const COUNTING_SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
// SHA-256 of the bytes 0x00..0x1f, a widely published digest.
const COUNTING_COMMIT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
// SHA-256 of the UTF-8 text "roundtable fairness vector".
const HASHED_SEED = "b5244e2284c9107e349462dbe08eadf543915e9f927098dfd1cc77863d32e5cd";
const HASHED_COMMIT = "38ea472afcedb364e1d24b6d142ee9e02440be39a3fb6f37cab535cc770c2759";

const VECTORS: Array<[seed: string, roomId: number, seqno: number, gameType: 1 | 2 | 3 | 4, numbers: number[]]> = [
  [COUNTING_SEED, 1, 20240001, 1, [1, 9, 9]],
  [COUNTING_SEED, 1, 20240001, 2, [4, 2, 6]],
  [COUNTING_SEED, 1, 20240001, 3, [1, 11, 4, 10, 6]],
  [COUNTING_SEED, 1, 20240001, 4, [2, 6, 8, 1, 3, 4, 10, 5, 9, 7]],
  [COUNTING_SEED, 16, 7, 1, [7, 4, 8]],
  [COUNTING_SEED, 16, 7, 4, [8, 10, 5, 9, 1, 4, 7, 6, 3, 2]],
  [HASHED_SEED, 1, 20240001, 1, [4, 4, 1]],
  [HASHED_SEED, 1, 20240001, 2, [5, 5, 4]],
  [HASHED_SEED, 1, 20240001, 3, [3, 6, 1, 9, 8]],
  [HASHED_SEED, 1, 20240001, 4, [5, 9, 10, 2, 1, 7, 3, 8, 4, 6]],
  [HASHED_SEED, 16, 7, 3, [5, 7, 9, 2, 1]],
];

describe("seeds and commits", () => {
  it("makes 32 random bytes per seed", () => {
    const a = newServerSeed();
    const b = newServerSeed();
    expect(a).toHaveLength(32);
    expect(toHex(a)).not.toBe(toHex(b));
  });

  it("round-trips hex and accepts only 64 lowercase hex characters", () => {
    expect(toHex(fromHex(COUNTING_SEED))).toBe(COUNTING_SEED);
    expect(() => fromHex(COUNTING_SEED.toUpperCase())).toThrow(RangeError);
    expect(() => fromHex(COUNTING_SEED.slice(2))).toThrow(RangeError);
    expect(() => fromHex(`${COUNTING_SEED}00`)).toThrow(RangeError);
    expect(() => fromHex(`${COUNTING_SEED.slice(1)}g`)).toThrow(RangeError);
    expect(() => fromHex(` ${COUNTING_SEED.slice(1)}`)).toThrow(RangeError);
  });

  it("commits to the SHA-256 of the seed bytes", async () => {
    expect(await commitOf(fromHex(COUNTING_SEED))).toBe(COUNTING_COMMIT);
    expect(await commitOf(fromHex(HASHED_SEED))).toBe(HASHED_COMMIT);
  });
});

describe("the round's word stream", () => {
  it("labels blocks roomId:seqno, then roomId:seqno:k", () => {
    expect(roundMessage(1, 20240001, 0)).toBe("1:20240001");
    expect(roundMessage(1, 20240001, 2)).toBe("1:20240001:2");
    expect(roundMessage("16", "7", 1)).toBe("16:7:1");
  });

  it("refuses labels that could collide with another round", () => {
    expect(() => roundMessage("1:2", 3, 0)).toThrow(RangeError);
    expect(() => roundMessage(1, -3, 0)).toThrow(RangeError);
    expect(() => roundMessage(1.5, 3, 0)).toThrow(RangeError);
    expect(() => roundMessage("", 3, 0)).toThrow(RangeError);
  });

  it("reads big-endian words of block 0 and then block 1", async () => {
    // The first ten words of HMAC(seed, "1:20240001") followed by HMAC(seed, "1:20240001:1").
    const expected = [
      3029443131, 2268762439, 3924791669, 1037753143, 768523458, 4172674615, 915425171, 3793823928, 4154588977,
      3730715860,
    ];
    const words = roundWordSource(fromHex(COUNTING_SEED), 1, 20240001);
    const read: number[] = [];
    for (let i = 0; i < expected.length; i++) read.push(await words.nextWord());
    expect(read).toEqual(expected);
  });

  it("refuses a seed that is not 32 bytes", () => {
    expect(() => roundWordSource(new Uint8Array(16), 1, 1)).toThrow(RangeError);
  });
});

describe("drawNumbers", () => {
  it.each(VECTORS)("seed %s room %i round %i type %i draws %j", async (seed, roomId, seqno, gameType, numbers) => {
    expect(await drawNumbers(fromHex(seed), roomId, seqno, gameType)).toEqual(numbers);
  });

  it("gives the same numbers whether the round id is a number or its digits", async () => {
    const seed = fromHex(HASHED_SEED);
    expect(await drawNumbers(seed, "1", "20240001", 4)).toEqual(await drawNumbers(seed, 1, 20240001, 4));
  });
});

describe("verifyRound", () => {
  const round = { seedHex: COUNTING_SEED, commit: COUNTING_COMMIT, roomId: 1, seqno: 20240001, gameType: 4 as const };

  it("accepts a round whose seed matches its commit and numbers", async () => {
    const verification = await verifyRound({ ...round, numbers: [2, 6, 8, 1, 3, 4, 10, 5, 9, 7] });
    expect(verification).toEqual({
      ok: true,
      problems: [],
      computedCommit: COUNTING_COMMIT,
      numbers: [2, 6, 8, 1, 3, 4, 10, 5, 9, 7],
    });
  });

  it("detects a seed that does not match the published commit", async () => {
    const verification = await verifyRound({ ...round, commit: HASHED_COMMIT });
    expect(verification.ok).toBe(false);
    expect(verification.problems).toEqual(["commit_mismatch"]);
    expect(verification.numbers).toEqual([2, 6, 8, 1, 3, 4, 10, 5, 9, 7]);
  });

  it("detects published numbers the seed does not draw", async () => {
    const verification = await verifyRound({ ...round, numbers: [6, 2, 8, 1, 3, 4, 10, 5, 9, 7] });
    expect(verification.problems).toEqual(["numbers_mismatch"]);
  });

  it("reports a malformed seed instead of throwing", async () => {
    const verification = await verifyRound({ ...round, seedHex: "not-a-seed" });
    expect(verification).toEqual({ ok: false, problems: ["malformed_seed"], computedCommit: null, numbers: null });
  });
});
