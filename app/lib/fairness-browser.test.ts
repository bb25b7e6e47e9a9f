import { describe, expect, it } from "vitest";
import { browserMark, recomputeHere, type CheckedRound } from "./fairness-browser";
import { commitOf, drawNumbers, fromHex, type RoundVerification } from "#shared/games/fairness";
import { beaconRoundAfter, testChain } from "#shared/games/beacon";
import { signBeaconRound, testBeaconKey } from "../../tests/support/beacon-server.mjs";

const SEED = "3c".repeat(32);
const CLOSE_AT = 1_795_600_004_500;
const key = testBeaconKey();

/** A round drawn from `beaconRound` of the test chain, its published numbers consistent with that round. */
async function beaconDrawn(beaconRound: number): Promise<CheckedRound> {
  const chain = await testChain(key.publicKey);
  const { signature, randomness } = signBeaconRound(key.secretKey, beaconRound);
  const numbers = await drawNumbers(fromHex(SEED), 6, 41, 2, randomness);
  return {
    roomId: 6,
    seqno: "41",
    gameType: 2,
    commit: await commitOf(fromHex(SEED)),
    seed: SEED,
    numbers,
    closeAt: CLOSE_AT,
    beacon: { chain: chain.chainHash, round: beaconRound, signature, randomness },
  };
}

describe("the browser's own fairness check", () => {
  it("verifies the beacon round the rule names and refuses one round earlier or later", async () => {
    const expected = beaconRoundAfter(await testChain(key.publicKey), CLOSE_AT);
    expect((await recomputeHere(await beaconDrawn(expected), key.publicKey, true)).ok).toBe(true);
    for (const shift of [-1, 1])
      expect((await recomputeHere(await beaconDrawn(expected + shift), key.publicKey, true)).ok, `shift ${shift}`).toBe(
        false,
      );
    // No close time published: the round cannot be placed against the rule.
    expect((await recomputeHere({ ...(await beaconDrawn(expected)), closeAt: null }, key.publicKey, false)).ok).toBe(
      false,
    );
  });

  it("refuses a drawn round without a beacon where the site's rule draws with one", async () => {
    const numbers = await drawNumbers(fromHex(SEED), 6, 41, 2);
    const plain: CheckedRound = {
      roomId: 6,
      seqno: "41",
      gameType: 2,
      commit: await commitOf(fromHex(SEED)),
      seed: SEED,
      numbers,
      closeAt: CLOSE_AT,
      beacon: null,
    };
    expect((await recomputeHere(plain, null, false)).ok).toBe(true);
    expect((await recomputeHere(plain, null, true)).ok).toBe(false);
  });

  it("marks by its own verdict, and says apart when the server's check differs", () => {
    const good: RoundVerification = { ok: true, problems: [], computedCommit: "a".repeat(64), numbers: [1, 2, 3] };
    const bad: RoundVerification = {
      ok: false,
      problems: ["commit_mismatch"],
      computedCommit: "b".repeat(64),
      numbers: [1, 2, 3],
    };
    expect(browserMark(good, good)).toEqual({ verdict: "ok", agrees: true });
    // Both say the round fails: the mark is a failure, never green, and they agree.
    expect(browserMark(bad, bad)).toEqual({ verdict: "bad", agrees: true });
    expect(browserMark(bad, { ...bad, computedCommit: null, numbers: null })).toEqual({ verdict: "bad", agrees: true });
    expect(browserMark(bad, good)).toEqual({ verdict: "bad", agrees: false });
    expect(browserMark(good, bad)).toEqual({ verdict: "ok", agrees: false });
    expect(browserMark(good, { ...good, numbers: [1, 2, 4] })).toEqual({ verdict: "ok", agrees: false });
  });
});
