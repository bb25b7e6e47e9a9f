import { describe, expect, it } from "vitest";
import { type PublishedRound, checkPublishedRound } from "./verify";
import { commitOf, drawNumbers, fromHex } from "../games/fairness";
import { resultOf, winningMask } from "../games/rules";
import { winningOptions } from "./round-view";

const SEED = "7f".repeat(32);

async function published(roomid: number, seqno: number, gametype: 1 | 2 | 3 | 4, optionCount: number): Promise<PublishedRound> {
  const numbers = await drawNumbers(fromHex(SEED), roomid, seqno, gametype);
  const result = resultOf(gametype, numbers);
  const keys = winningOptions(gametype, optionCount, Number(winningMask(gametype, result))).map((o) => o.key);
  return { roomid, seqno, gametype, commit: await commitOf(fromHex(SEED)), seed: SEED, ...result, resultKeys: keys, optionCount };
}

describe("checkPublishedRound", () => {
  it("accepts an honest round of every game type", async () => {
    for (const [gametype, count] of [[1, 11], [1, 4], [2, 11], [3, 11], [4, 40]] as const) {
      const check = await checkPublishedRound(await published(3, 17, gametype, count));
      expect(check, JSON.stringify(check)).toMatchObject({ ok: true, problems: [] });
    }
  });

  it("catches a swapped seed, changed numbers, a wrong sum and invented winners", async () => {
    const honest = await published(1, 5, 1, 11);
    const otherSeed = await checkPublishedRound({ ...honest, seed: "00".repeat(32) });
    expect(otherSeed.ok).toBe(false);
    expect(otherSeed.problems).toContain("SHA-256(seed) differs from the commit");
    const numbers = [...honest.numbers];
    numbers[0] = (numbers[0] + 1) % 10;
    expect((await checkPublishedRound({ ...honest, numbers })).problems).toContain("the seed draws other numbers");
    expect((await checkPublishedRound({ ...honest, sum: honest.sum! + 1 })).problems).toContain("num1, num2, num3 or sum differ from the drawn numbers");
    expect((await checkPublishedRound({ ...honest, resultKeys: [...honest.resultKeys!, "triple"] })).ok).toBe(false);
    expect((await checkPublishedRound({ ...honest, seqno: 6 })).ok).toBe(false);
  });

  it("cannot check a round whose seed is still secret or malformed", async () => {
    const honest = await published(1, 5, 1, 11);
    expect((await checkPublishedRound({ ...honest, seed: null })).ok).toBe(false);
    expect((await checkPublishedRound({ ...honest, seed: "XYZ" })).problems).toEqual(["the seed is not 64 lowercase hex characters"]);
  });
});
