import { describe, expect, it } from "vitest";
import { type RoundToCheck, checkPublishedRound } from "./verify";
import { commitOf, drawNumbers, fromHex } from "#shared/games/fairness";
import { resultOf, winningMask } from "#shared/games/rules";
import { winningOptions } from "./round-view";
import { type BeaconChain, beaconRoundAfter, testChain } from "#shared/games/beacon";
import { signBeaconRound, testBeaconKey } from "../../tests/support/beacon-server.mjs";

const SEED = "7f".repeat(32);

async function published(
  roomid: number,
  seqno: number,
  gametype: 1 | 2 | 3 | 4,
  optionCount: number,
): Promise<RoundToCheck> {
  const numbers = await drawNumbers(fromHex(SEED), roomid, seqno, gametype);
  const result = resultOf(gametype, numbers);
  const keys = winningOptions(gametype, optionCount, Number(winningMask(gametype, result))).map((o) => o.key);
  return {
    roomid,
    seqno,
    gametype,
    commit: await commitOf(fromHex(SEED)),
    seed: SEED,
    ...result,
    resultKeys: keys,
    optionCount,
  };
}

describe("checkPublishedRound", () => {
  it("accepts an honest round of every game type", async () => {
    for (const [gametype, count] of [
      [1, 11],
      [1, 4],
      [2, 11],
      [3, 11],
      [4, 40],
    ] as const) {
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
    expect((await checkPublishedRound({ ...honest, sum: honest.sum! + 1 })).problems).toContain(
      "num1, num2, num3 or sum differ from the drawn numbers",
    );
    expect((await checkPublishedRound({ ...honest, resultKeys: [...honest.resultKeys!, "triple"] })).ok).toBe(false);
    expect((await checkPublishedRound({ ...honest, seqno: 6 })).ok).toBe(false);
  });

  it("cannot check a round whose seed is still secret or malformed", async () => {
    const honest = await published(1, 5, 1, 11);
    expect((await checkPublishedRound({ ...honest, seed: null })).ok).toBe(false);
    expect((await checkPublishedRound({ ...honest, seed: "XYZ" })).problems).toEqual([
      "the seed is not 64 lowercase hex characters",
    ]);
  });
});

describe("checkPublishedRound with a beacon (docs/decisions/130)", () => {
  const key = testBeaconKey();
  const CLOSE_AT = 1_795_600_001_000;

  /** A round drawn from `beaconRound` of the test chain, every published figure consistent with it. */
  async function beaconDrawn(
    beaconRound: number,
  ): Promise<{ round: RoundToCheck; chains: Record<string, BeaconChain> }> {
    const chain = await testChain(key.publicKey);
    const { signature, randomness } = signBeaconRound(key.secretKey, beaconRound);
    const numbers = await drawNumbers(fromHex(SEED), 2, 9, 1, randomness);
    const result = resultOf(1, numbers);
    const round: RoundToCheck = {
      roomid: 2,
      seqno: 9,
      gametype: 1,
      commit: await commitOf(fromHex(SEED)),
      seed: SEED,
      status: "settled",
      ...result,
      closeAt: CLOSE_AT,
      beacon: { chain: chain.chainHash, round: beaconRound, signature, randomness },
    };
    return { round, chains: { [chain.chainHash]: chain } };
  }

  it("accepts the beacon round the rule names: the first produced after betting closed", async () => {
    const chain = await testChain(key.publicKey);
    const { round, chains } = await beaconDrawn(beaconRoundAfter(chain, CLOSE_AT));
    expect(await checkPublishedRound(round, { chains, requireBeacon: true })).toMatchObject({ ok: true, problems: [] });
  });

  it("refuses a round drawn from an earlier or a later beacon round, even with a valid signature and matching numbers", async () => {
    const chain = await testChain(key.publicKey);
    const expected = beaconRoundAfter(chain, CLOSE_AT);
    for (const shift of [-1, 1]) {
      const { round, chains } = await beaconDrawn(expected + shift);
      const check = await checkPublishedRound(round, { chains });
      expect(check.ok).toBe(false);
      expect(check.problems).toEqual([
        `the beacon round is ${expected + shift} but the rule names ${expected}, the first produced after betting closed`,
      ]);
    }
  });

  it("refuses a beacon round it cannot place: no published close time", async () => {
    const chain = await testChain(key.publicKey);
    const { round, chains } = await beaconDrawn(beaconRoundAfter(chain, CLOSE_AT));
    for (const closeAt of [undefined, null]) {
      expect((await checkPublishedRound({ ...round, closeAt }, { chains })).problems).toEqual([
        "the round does not publish when betting closed, so its beacon round cannot be checked against the rule",
      ]);
    }
  });

  it("refuses a drawn round without a beacon where the rule requires one, and accepts it as commit-reveal otherwise", async () => {
    const honest = await published(1, 5, 1, 11);
    expect((await checkPublishedRound(honest, { requireBeacon: true })).problems).toEqual([
      "the round carries no beacon round, but the rule draws every round with one",
    ]);
    expect((await checkPublishedRound(honest)).ok).toBe(true);
    // A void round draws nothing: its commitment is all there is to check.
    expect((await checkPublishedRound({ ...honest, status: "void" }, { requireBeacon: true })).ok).toBe(true);
  });
});
