import { execFile } from "node:child_process";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitOf, drawNumbers, fromHex } from "#shared/games/fairness";
import { beaconRoundAfter, testChain } from "#shared/games/beacon";
import { resultOf } from "#shared/games/rules";
import { signBeaconRound, testBeaconKey } from "../tests/support/beacon-server.mjs";

// `npm run verify-round` against a server publishing rounds as getround does (docs/decisions/130): the
// beacon round must be the one the rule names for the round's close time.

const SEED = "5a".repeat(32);
const CLOSE_AT = 1_795_600_007_250;
const key = testBeaconKey();
const rounds = new Map<number, unknown>();
let server: Server;
let url: string;

/** Round `seqno` of room 3, drawn from `beaconRound` of the test chain (null: commit-reveal only). */
async function publish(seqno: number, beaconRound: number | null) {
  const chain = await testChain(key.publicKey);
  const proof = beaconRound === null ? null : signBeaconRound(key.secretKey, beaconRound);
  const numbers = await drawNumbers(fromHex(SEED), 3, seqno, 1, proof?.randomness ?? null);
  rounds.set(seqno, {
    roomid: 3,
    seqno,
    gametype: 1,
    commit: await commitOf(fromHex(SEED)),
    seed: SEED,
    status: "settled",
    numbers,
    ...resultOf(1, numbers),
    closeAt: CLOSE_AT,
    beacon: proof && {
      chain: chain.chainHash,
      round: proof.round,
      signature: proof.signature,
      randomness: proof.randomness,
    },
  });
}

function verifyRound(seqno: number, ...extra: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["scripts/verify-round.mjs", "3", String(seqno), "--url", url, "--beacon-key", key.publicKey, ...extra],
      (error, stdout, stderr) => {
        resolve({ status: error ? Number(error.code) : 0, output: stdout + stderr });
      },
    );
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const round = rounds.get((JSON.parse(body) as { seqno: number }).seqno);
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(
          JSON.stringify(
            round ? { code: 1, info: "", data: round } : { code: 0, info: "no round", data: { errCode: 1028 } },
          ),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const expected = beaconRoundAfter(await testChain(key.publicKey), CLOSE_AT);
  await publish(1, expected);
  await publish(2, expected - 1);
  await publish(3, expected + 1);
  await publish(4, null);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("npm run verify-round", () => {
  it("accepts the beacon round the rule names, and refuses one round earlier or later in words", async () => {
    const expected = beaconRoundAfter(await testChain(key.publicKey), CLOSE_AT);
    const honest = await verifyRound(1);
    expect(honest.status, honest.output).toBe(0);
    expect(honest.output).toContain(`the rule names beacon round ${expected}`);
    for (const [seqno, round] of [
      [2, expected - 1],
      [3, expected + 1],
    ]) {
      const shifted = await verifyRound(seqno);
      expect(shifted.status, shifted.output).toBe(1);
      expect(shifted.output).toContain(
        `MISMATCH:\n  - the beacon round is ${round} but the rule names ${expected}, the first produced after betting closed`,
      );
    }
  });

  it("with --require-beacon refuses a drawn round that carries no beacon", async () => {
    expect((await verifyRound(4)).status).toBe(0);
    const required = await verifyRound(4, "--require-beacon");
    expect(required.status, required.output).toBe(1);
    expect(required.output).toContain("the round carries no beacon round, but the rule draws every round with one");
  });
});
