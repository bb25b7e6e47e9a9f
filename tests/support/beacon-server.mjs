// A local randomness beacon in drand's HTTP shapes (docs/decisions/130), listening on 127.0.0.1 only:
//   GET /{chainhash}/info            {public_key, period, genesis_time, hash, groupHash, schemeID, metadata}
//   GET /{chainhash}/public/{round}  {round, randomness, signature}
//   GET /{chainhash}/public/latest   the round of now
// It signs as quicknet does (bls-unchained-g1-rfc9380: G1 signature of SHA-256(round as 8 bytes BE),
// randomness = SHA-256(signature)) but with its own test key, so the Worker accepts it only through
// BEACON_TEST_PUBLIC_KEY, which worker/config.ts allows for a loopback BEACON_URL only. The chain hash is
// SHA-256 of that key (shared/games/beacon.ts testChain). Rounds are signed whenever asked: tests move a
// round's schedule instead of waiting for the clock.
// Tests steer it on the same port: POST /control?mode=ok|slow|down|bad and GET /state (requests served).
//   ok    answers every round          slow  answers after slowMs (longer than the Worker waits)
//   down  cuts every connection        bad   answers a valid point that is another round's signature
// Run by hand (`node tests/support/beacon-server.mjs [port]`) it prints {url, publicKey, chainHash} and serves
// until stopped: `BEACON_URL=<url> BEACON_TEST_PUBLIC_KEY=<publicKey> npm start`.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { bls12_381 } from "@noble/curves/bls12-381.js";

const DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
const GENESIS_SECONDS = 1692803367; // quicknet's genesis and period, so round numbers read the same
const PERIOD_SECONDS = 3;
const short = bls12_381.shortSignatures;
const sha256 = (bytes) => createHash("sha256").update(bytes).digest();
const hex = (bytes) => Buffer.from(bytes).toString("hex");

/** A fixed test key (from a fixed seed), so a signature the tests keep stays checkable across runs. */
export function testBeaconKey(seedText = "roundtable local test beacon") {
  const { secretKey, publicKey } = short.keygen(
    Buffer.concat([sha256(Buffer.from(seedText)), sha256(Buffer.from(`${seedText} 2`)).subarray(0, 16)]),
  );
  return { secretKey, publicKey: hex(publicKey.toBytes(true)) };
}

/** The round as quicknet would answer it, signed with `secretKey`. */
export function signBeaconRound(secretKey, round) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(round));
  const signature = hex(short.sign(short.hash(sha256(message), DST), secretKey).toBytes(true));
  return { round, randomness: hex(sha256(Buffer.from(signature, "hex"))), signature };
}

export async function startBeacon({ port = 0, slowMs = 8_000, seedText } = {}) {
  const key = testBeaconKey(seedText);
  const chainHash = hex(sha256(Buffer.from(key.publicKey, "hex")));
  const state = { mode: "ok", served: { ok: 0, slow: 0, down: 0, bad: 0 }, rounds: [] };
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://beacon");
    const reply = (status, value) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.method === "POST" && url.pathname === "/control") {
      const mode = url.searchParams.get("mode");
      if (!(mode in state.served)) return reply(400, { error: "mode is ok, slow, down or bad" });
      state.mode = mode;
      return reply(200, { mode });
    }
    if (url.pathname === "/state") return reply(200, state);
    const [, chain, kind, which] = url.pathname.split("/");
    if (chain !== chainHash) return reply(404, { error: "unknown chain" });
    const mode = state.mode;
    state.served[mode] += 1;
    if (mode === "down") return req.socket.destroy();
    if (kind === "info") {
      return reply(200, {
        public_key: key.publicKey,
        period: PERIOD_SECONDS,
        genesis_time: GENESIS_SECONDS,
        hash: chainHash,
        groupHash: chainHash,
        schemeID: "bls-unchained-g1-rfc9380",
        metadata: { beaconID: "roundtable-test" },
      });
    }
    if (kind !== "public") return reply(404, { error: "not found" });
    const round =
      which === "latest" ? Math.floor((Date.now() / 1000 - GENESIS_SECONDS) / PERIOD_SECONDS) + 1 : Number(which);
    if (!Number.isSafeInteger(round) || round < 1) return reply(400, { error: "bad round" });
    state.rounds.push({ round, mode });
    const answer = () => {
      if (mode === "bad") {
        // A real signature of the same key, of the next round: well-formed, on the curve, and wrong.
        const forged = signBeaconRound(key.secretKey, round + 1);
        return reply(200, { ...forged, round });
      }
      reply(200, signBeaconRound(key.secretKey, round));
    };
    if (mode === "slow") setTimeout(answer, slowMs).unref();
    else answer();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${server.address().port}`;
  return {
    url: address,
    publicKey: key.publicKey,
    chainHash,
    secretKey: key.secretKey,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const beacon = await startBeacon({ port: Number(process.argv[2] ?? 0) });
  console.log(JSON.stringify({ url: beacon.url, publicKey: beacon.publicKey, chainHash: beacon.chainHash }));
}
