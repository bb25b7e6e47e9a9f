import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Answer } from "../contract/client";
import { QUICKNET, beaconRandomness, beaconRoundAfter } from "#shared/games/beacon";
import { commitOf, drawNumbers, fromHex } from "#shared/games/fairness";
import type { GameType } from "#shared/games/options";
import { resultOf, winningMask } from "#shared/games/rules";
import { checkPublishedRound } from "../../worker/room/verify";
import { migrateAndSeed, startWorker, type LocalWorker } from "./workers";
import { rooms, games, rounds } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// /fairness in proxy mode (docs/decisions/130): the front forwards getround and the upstream's round proof,
// beacon included, arrives unchanged. The upstream's round is drawn from a real drand quicknet round
// (round 2, whose signature shared/games/beacon.test.ts checks against drand-client), so the front checks
// it with the pinned key alone.
let upstream: LocalWorker;
let front: LocalWorker;

const ROOM = 1;
const SEQNO = 990_001;
const SEED = "6b".repeat(32);
const QUICKNET_ROUND_2 =
  "b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807";
// Betting closed one second after quicknet's genesis: the first beacon round produced after it is round 2.
const CLOSE_AT = QUICKNET.genesisSeconds * 1000 + 1_000;

async function post(base: string, path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

beforeAll(async () => {
  upstream = await startWorker(inject("workerBundle"), {});
  await migrateAndSeed(upstream);
  front = await startWorker(inject("workerBundle"), { API_MODE: "proxy", UPSTREAM_API_BASE: upstream.url });
  const room = await upstream.db
    .prepare(
      `SELECT g.type AS gameType FROM ${quotedTable(rooms)} r JOIN ${quotedTable(games)} g ON g.id = r.game_id WHERE r.id = ?`,
    )
    .bind(ROOM)
    .first<{ gameType: GameType }>();
  const gameType = room!.gameType;
  const randomness = await beaconRandomness(QUICKNET_ROUND_2);
  const numbers = await drawNumbers(fromHex(SEED), ROOM, SEQNO, gameType, randomness);
  const result = resultOf(gameType, numbers);
  await upstream.db
    .prepare(
      `INSERT INTO ${quotedTable(rounds)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", seed, numbers, num1, num2, num3, sum, win_mask, status,
      beacon_chain, beacon_round, beacon_signature, beacon_randomness) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'settled', ?, 2, ?, ?)`,
    )
    .bind(
      ROOM,
      SEQNO,
      gameType,
      CLOSE_AT - 60_000,
      CLOSE_AT,
      CLOSE_AT + 5_000,
      await commitOf(fromHex(SEED)),
      SEED,
      JSON.stringify(numbers),
      result.num1,
      result.num2,
      result.num3,
      result.sum,
      Number(winningMask(gameType, result)),
      QUICKNET.chainHash,
      QUICKNET_ROUND_2,
      randomness,
    )
    .run();
});

afterAll(async () => {
  await front?.dispose();
  await upstream?.dispose();
});

describe("fairness through the proxy", () => {
  it("forwards getround: the upstream's round proof, beacon and close time included, arrives unchanged", async () => {
    expect(beaconRoundAfter(QUICKNET, CLOSE_AT)).toBe(2);
    const body = { roomid: ROOM, seqno: SEQNO, lang: "en" };
    const direct = await post(upstream.url, "/api/Game/getround", body);
    expect(direct.code).toBe(1);
    const proxied = await post(front.url, "/api/Game/getround", body);
    expect(proxied).toEqual(direct);
    expect(proxied.data).toMatchObject({
      seed: SEED,
      closeAt: CLOSE_AT,
      beacon: {
        chain: QUICKNET.chainHash,
        round: 2,
        signature: QUICKNET_ROUND_2,
        randomness: await beaconRandomness(QUICKNET_ROUND_2),
      },
    });
    expect(await checkPublishedRound(proxied.data, { requireBeacon: true })).toMatchObject({ ok: true, problems: [] });
  });

  it("verifies the upstream's round on the front's /fairness with the pinned quicknet key", async () => {
    const page = await fetch(`${front.url}/fairness?room=${ROOM}&seqno=${SEQNO}&lng=en`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Rounds come from the connected platform");
    expect(html).toContain("Verified: this round was fair");
    expect(html).toContain("Beacon round 2 is the first produced after betting closed, as the rule says");
    expect(html).toContain("The beacon signature verifies against the pinned public key");
    expect(html).toContain(QUICKNET_ROUND_2);
  });
});
