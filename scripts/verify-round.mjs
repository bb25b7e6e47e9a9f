// npm run verify-round -- <roomId> <seqno> [--url http://localhost:8787] [--local] [--beacon-key <hex>] [--require-beacon]
// Recomputes a published round from its seed: SHA-256(seed) must be the commit published at open, the
// beacon round must be the one the rule names (the first produced after the round's published close
// time), its signature must verify offline against drand quicknet's public key pinned in
// shared/games/beacon.ts (QUICKNET; --beacon-key adds a local test beacon's key), and the HMAC draw of
// seed and beacon randomness must give the published numbers (docs/product.md#fairness, docs/decisions/130).
// --require-beacon: the site draws every round with the beacon (or you saw this round announced with one),
// so a drawn round without a beacon is a mismatch, not a commit-reveal round.
// Exit 0 = OK, 1 = MISMATCH, 2 = cannot check.
import { spawnSync } from "node:child_process";
import { loadTs, quotedTables } from "./lib/load-ts.mjs";
import { persistArgs } from "./lib/local-env.mjs";

function usage(message) {
  if (message) console.error(message);
  console.error(
    "usage: npm run verify-round -- <roomId> <seqno> [--url http://localhost:8787] [--local] [--beacon-key <hex>] [--require-beacon]",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const positional = [];
  const options = {
    url: `http://localhost:${process.env.PORT ?? "8787"}`,
    local: false,
    beaconKey: null,
    requireBeacon: false,
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--url") options.url = argv[++i] ?? usage("--url needs a value");
    else if (argv[i] === "--local") options.local = true;
    else if (argv[i] === "--require-beacon") options.requireBeacon = true;
    else if (argv[i] === "--beacon-key") options.beaconKey = argv[++i] ?? usage("--beacon-key needs a value");
    else if (argv[i].startsWith("--")) usage(`unknown option ${argv[i]}`);
    else positional.push(argv[i]);
  }
  const [roomId, seqno] = positional.map(Number);
  if (
    positional.length !== 2 ||
    !Number.isSafeInteger(roomId) ||
    !Number.isSafeInteger(seqno) ||
    roomId < 1 ||
    seqno < 1
  )
    usage();
  return { roomId, seqno, ...options };
}

/** The public fairness endpoint of a running server. */
async function fetchRound(url, roomId, seqno) {
  const response = await fetch(`${url.replace(/\/+$/, "")}/api/Game/getround`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ roomid: roomId, seqno, lang: "en" }),
  }).catch((error) => usage(`cannot reach ${url}: ${error.message}`));
  const answer = await response.json();
  if (answer.code !== 1) usage(`the server refused: ${answer.info} (${answer.data?.errCode})`);
  return answer.data;
}

/** The local D1 of `npm start` (PERSIST_TO is honoured), read through wrangler. */
function readLocalRound(tables, roomId, seqno) {
  const command = `SELECT r.room_id AS roomid, r.seqno, r.game_type AS gametype, r."commit" AS "commit", r.seed, r.status, r.void_reason AS voidReason, r.numbers, r.close_at_ms AS closeAt,
    r.beacon_chain AS beaconChain, r.beacon_round AS beaconRound, r.beacon_signature AS beaconSignature, r.beacon_randomness AS beaconRandomness,
    r.num1, r.num2, r.num3, r.sum, rm.option_count AS optionCount FROM ${tables.rounds} r JOIN ${tables.rooms} rm ON rm.id = r.room_id
    WHERE r.room_id = ${roomId} AND r.seqno = ${seqno}`;
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--json", "--command", command, ...persistArgs()],
    { encoding: "utf8" },
  );
  if (result.status !== 0) usage(`wrangler d1 execute failed:\n${result.stderr}`);
  const row = JSON.parse(result.stdout)[0]?.results?.[0];
  if (!row) usage(`no round ${seqno} in room ${roomId} in the local database`);
  const { beaconChain, beaconRound, beaconSignature, beaconRandomness, ...rest } = row;
  const beacon =
    beaconRound === null
      ? null
      : { chain: beaconChain, round: beaconRound, signature: beaconSignature, randomness: beaconRandomness };
  return { ...rest, beacon, numbers: row.numbers ? JSON.parse(row.numbers) : [] };
}

const args = parseArgs(process.argv.slice(2));
const { checkPublishedRound } = await loadTs("worker/room/verify.ts");
const { QUICKNET, beaconRoundAfter, testChain } = await loadTs("shared/games/beacon.ts");
const round = args.local
  ? readLocalRound(await quotedTables(), args.roomId, args.seqno)
  : await fetchRound(args.url, args.roomId, args.seqno);
const extra = args.beaconKey ? await testChain(args.beaconKey) : null;
const check = await checkPublishedRound(round, {
  chains: extra ? { [extra.chainHash]: extra } : {},
  requireBeacon: args.requireBeacon,
});

console.log(`Room ${round.roomid}, round ${round.seqno} (game type ${round.gametype})`);
console.log(`  commit    ${round.commit}`);
console.log(`  seed      ${round.seed ?? "(secret until the draw)"}`);
if (round.beacon) {
  const chainName =
    round.beacon.chain === QUICKNET.chainHash
      ? "drand quicknet"
      : round.beacon.chain === extra?.chainHash
        ? "test beacon (--beacon-key)"
        : "unknown chain";
  console.log(`  beacon    round ${round.beacon.round} of ${chainName} ${round.beacon.chain}`);
  const chain =
    round.beacon.chain === QUICKNET.chainHash ? QUICKNET : round.beacon.chain === extra?.chainHash ? extra : null;
  const ruleRound = chain && typeof round.closeAt === "number" ? beaconRoundAfter(chain, round.closeAt) : null;
  console.log(
    `  closed    ${typeof round.closeAt === "number" ? new Date(round.closeAt).toISOString() : "(not published)"}${ruleRound ? `: the rule names beacon round ${ruleRound}` : ""}`,
  );
  console.log(`  signature ${round.beacon.signature ?? "(not fetched yet)"}`);
  console.log(`  random    ${round.beacon.randomness ?? "-"}`);
} else {
  console.log("  beacon    none: commit-reveal only");
}
console.log(`  published ${JSON.stringify(round.numbers)}  sum ${round.sum}`);
if (check.computed.numbers) {
  console.log(`  sha256    ${check.computed.commit}`);
  console.log(`  computed  ${JSON.stringify(check.computed.numbers)}  sum ${check.computed.sum}`);
}
if (round.status === "void")
  console.log(`  void      ${round.voidReason ?? ""}: nothing was drawn, every stake was refunded`);
if (check.ok && round.status === "void") {
  console.log("OK: the void round's seed matches the commit published when it opened.");
} else if (check.ok) {
  console.log(
    round.beacon
      ? "OK: the beacon signature verifies against the pinned public key, the beacon round is the first produced after betting closed, the seed matches the commit, and seed + beacon randomness draw the published result."
      : "OK: the seed matches the commit and draws the published result.",
  );
} else {
  console.log(`MISMATCH:\n${check.problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(round.seed ? 1 : 2);
}
