import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  fetchBeacon as drandFetchBeacon,
  quicknetClient,
  roundAt,
  type ChainClient,
  type ChainInfo,
  type RandomnessBeacon,
} from "drand-client";
import { QUICKNET, beaconRandomness, beaconRoundAfter, beaconRoundTimeMs, testChain, verifyBeacon } from "./beacon";
import { signBeaconRound, testBeaconKey } from "../../tests/support/beacon-server.mjs";

// Real quicknet rounds as drand's HTTP API serves them (api.drand.sh/<quicknet hash>/public/2 and /3),
// published as test vectors of other drand verifiers: a second source for the pinned public key.
const QUICKNET_ROUNDS = [
  {
    round: 2,
    signature: "b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807",
  },
  {
    round: 3,
    signature: "b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64",
  },
];

// drand-client's quicknet client pins the chain hash and public key it verifies with: our second source.
const pinnedByDrandClient = quicknetClient().options.chainVerificationParams!;
const QUICKNET_CHAIN_INFO: ChainInfo = {
  public_key: pinnedByDrandClient.publicKey,
  hash: pinnedByDrandClient.chainHash,
  period: 3,
  genesis_time: 1692803367,
  groupHash: "",
  schemeID: "bls-unchained-g1-rfc9380",
  metadata: { beaconID: "quicknet" },
};

const nodeSha256 = (hex: string) => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");

/** drand-client's own verification (its pairing check over @noble/curves 1.x), fed one answer. */
async function drandClientAccepts(info: ChainInfo, beacon: RandomnessBeacon, round: number): Promise<boolean> {
  const client = {
    options: { disableBeaconVerification: false, noCache: true },
    get: async () => beacon,
    latest: async () => beacon,
    chain: () => ({ baseUrl: "", info: async () => info }),
  } as unknown as ChainClient;
  const quiet = console.error;
  console.error = () => {};
  try {
    return (await drandFetchBeacon(client, round)).round === round;
  } catch {
    return false;
  } finally {
    console.error = quiet;
  }
}

describe("drand quicknet, pinned", () => {
  it("has the chain hash and public key that drand-client's quicknet client verifies with", () => {
    expect(QUICKNET.chainHash).toBe(pinnedByDrandClient.chainHash);
    expect(QUICKNET.publicKey).toBe(pinnedByDrandClient.publicKey);
  });

  it("verifies real quicknet rounds, with randomness = SHA-256(signature), as drand-client does", async () => {
    for (const { round, signature } of QUICKNET_ROUNDS) {
      const randomness = nodeSha256(signature);
      const check = await verifyBeacon(QUICKNET, round, { round, signature, randomness });
      expect(check).toEqual({ ok: true, beacon: { round, signature, randomness } });
      expect(await beaconRandomness(signature)).toBe(randomness);
      expect(
        await drandClientAccepts(QUICKNET_CHAIN_INFO, { round, signature, randomness } as RandomnessBeacon, round),
      ).toBe(true);
    }
  });

  it("refuses another round's signature, a changed byte, a wrong round number, wrong randomness and garbage", async () => {
    const [two, three] = QUICKNET_ROUNDS;
    expect(await verifyBeacon(QUICKNET, 3, { round: 3, signature: two.signature })).toEqual({
      ok: false,
      problem: "bad_signature",
    });
    expect(
      await drandClientAccepts(
        QUICKNET_CHAIN_INFO,
        { round: 3, signature: two.signature, randomness: nodeSha256(two.signature) } as RandomnessBeacon,
        3,
      ),
    ).toBe(false);
    const flipped =
      three.signature.slice(0, 40) + (three.signature[40] === "0" ? "1" : "0") + three.signature.slice(41);
    expect((await verifyBeacon(QUICKNET, 3, { round: 3, signature: flipped })).ok).toBe(false);
    expect(await verifyBeacon(QUICKNET, 3, { round: 2, signature: two.signature })).toEqual({
      ok: false,
      problem: "wrong_round",
    });
    expect(
      await verifyBeacon(QUICKNET, 3, { round: 3, signature: three.signature, randomness: "0".repeat(64) }),
    ).toEqual({ ok: false, problem: "bad_randomness" });
    for (const signature of [
      undefined,
      42,
      "",
      three.signature.toUpperCase(),
      three.signature + "00",
      "zz".repeat(48),
    ]) {
      expect(await verifyBeacon(QUICKNET, 3, { round: 3, signature })).toEqual({ ok: false, problem: "malformed" });
    }
  });

  it("names the first round produced strictly after a close time (drand's round at that time, plus one)", () => {
    const genesisMs = QUICKNET.genesisSeconds * 1000;
    for (const closeAtMs of [
      genesisMs,
      genesisMs + 1,
      genesisMs + 2_999,
      genesisMs + 3_000,
      1_795_600_000_123,
      1_795_600_001_000,
    ]) {
      const round = beaconRoundAfter(QUICKNET, closeAtMs);
      expect(round).toBe(roundAt(closeAtMs, QUICKNET_CHAIN_INFO) + 1);
      expect(beaconRoundTimeMs(QUICKNET, round)).toBeGreaterThan(closeAtMs);
      expect(beaconRoundTimeMs(QUICKNET, round - 1)).toBeLessThanOrEqual(closeAtMs);
    }
    // Round 2 was produced 3 s after genesis (drand's own numbering).
    expect(beaconRoundTimeMs(QUICKNET, 2)).toBe(genesisMs + 3_000);
  });
});

describe("the tests' local beacon", () => {
  it("signs like quicknet with its own key: verified by our check and by drand-client, refused under quicknet's key", async () => {
    const key = testBeaconKey();
    const chain = await testChain(key.publicKey);
    expect(chain.chainHash).toBe(createHash("sha256").update(Buffer.from(key.publicKey, "hex")).digest("hex"));
    const answer = signBeaconRound(key.secretKey, 123_456);
    expect(await verifyBeacon(chain, 123_456, answer)).toMatchObject({ ok: true });
    const info = { ...QUICKNET_CHAIN_INFO, public_key: key.publicKey, hash: chain.chainHash };
    expect(await drandClientAccepts(info, answer as RandomnessBeacon, 123_456)).toBe(true);
    expect(await verifyBeacon(QUICKNET, 123_456, answer)).toEqual({ ok: false, problem: "bad_signature" });
    expect(await drandClientAccepts(QUICKNET_CHAIN_INFO, answer as RandomnessBeacon, 123_456)).toBe(false);
    await expect(testChain("ab")).rejects.toThrow(RangeError);
  });
});
