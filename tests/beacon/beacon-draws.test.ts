import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { api, expectMoneyInvariants, expectOk } from "../helpers";
import { balanceOf, currentRound, placeOk, playerWith, reschedule, stubOf } from "../rooms-helpers";
import { beaconRoundAfter, testChain, verifyBeacon } from "../../worker/games/beacon";
import { commitOf, drawNumbers, fromHex } from "../../worker/games/fairness";
import { checkPublishedRound } from "../../worker/room/verify";
import { Browser } from "../pages";

// Rounds drawn with the local test beacon (tests/support/beacon-server.mjs, docs/decisions/130):
// BEACON_URL is that beacon, BEACON_TEST_PUBLIC_KEY its key, BEACON_MAX_WAIT_SECONDS 10.

const beaconUrl = inject("beaconUrl");
const MAX_WAIT_MS = 10_000;

async function beaconMode(mode: "ok" | "slow" | "down" | "bad") {
  const answer = await fetch(`${beaconUrl}/control?mode=${mode}`, { method: "POST" });
  expect(answer.status).toBe(200);
  await answer.body?.cancel();
}

async function beaconServed(): Promise<Record<string, number>> {
  return ((await (await fetch(`${beaconUrl}/state`)).json()) as { served: Record<string, number> }).served;
}

const roundRow = (id: number) => env.DB.prepare("SELECT * FROM rounds WHERE id = ?").bind(id).first<Record<string, any>>();

describe("beacon draws", () => {
  it("names its beacon round at open, draws from the verified beacon, and publishes a proof anyone can recompute", async () => {
    await beaconMode("ok");
    const ROOM = 4; // Racing 10: 10! orders, so drawing without the beacon would show
    const chain = await testChain(inject("beaconPublicKey"));
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [[0, 1.98, 50]]);
    const round = await currentRound(ROOM);
    expect(round.beaconChain).toBe(chain.chainHash);
    expect(round.beaconRound).toBe(beaconRoundAfter(chain, round.closeAtMs));
    // Announced at open, beside the commitment, to anyone.
    const info = await api("/api/Game/getGameinfo", { token: player.token, roomid: ROOM });
    expect(info.data.game).toMatchObject({ commit: round.commit, beacon: { chain: chain.chainHash, round: round.beaconRound } });

    await reschedule(ROOM, -2_000, -1_000);
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    const row = (await roundRow(round.roundId))!;
    expect(row.status).toBe("settled");
    expect(row.beacon_round).toBe(round.beaconRound);
    const check = await verifyBeacon(chain, round.beaconRound!, { round: round.beaconRound, signature: row.beacon_signature, randomness: row.beacon_randomness });
    expect(check.ok).toBe(true);
    const withBeacon = await drawNumbers(fromHex(row.seed), ROOM, round.seqno, 4, row.beacon_randomness);
    expect(JSON.parse(row.numbers)).toEqual(withBeacon);
    expect(withBeacon).not.toEqual(await drawNumbers(fromHex(row.seed), ROOM, round.seqno, 4));

    const published = await api("/api/Game/getround", { roomid: ROOM, seqno: round.seqno });
    expectOk(published);
    expect(published.data.beacon).toEqual({ chain: chain.chainHash, round: round.beaconRound, signature: row.beacon_signature, randomness: row.beacon_randomness });
    const testKey = { [chain.chainHash]: chain };
    expect(await checkPublishedRound(published.data, testKey)).toMatchObject({ ok: true });
    // A changed randomness, a signature of another round, or a chain nobody pinned: not verified.
    const forged = { ...published.data, beacon: { ...published.data.beacon, randomness: "0".repeat(64) } };
    expect((await checkPublishedRound(forged, testKey)).ok).toBe(false);
    expect((await checkPublishedRound(published.data)).ok).toBe(false);

    // /fairness: the rule, the beacon's proof, the signature checked and the draw recomputed.
    const html = await (await new Browser().get(`/fairness?room=${ROOM}&seqno=${round.seqno}`)).text();
    expect(html).toContain("This site mixes a public randomness beacon");
    expect(html).toContain("Verified: this round was fair");
    expect(html).toContain("The beacon signature verifies against the pinned public key");
    for (const value of [row.beacon_signature, row.beacon_randomness, `beacon-v1:${row.beacon_randomness}:${ROOM}:${round.seqno}`]) expect(html).toContain(value);
    // A forged signature in the published row is caught by the page.
    await env.DB.prepare("UPDATE rounds SET beacon_signature = ? WHERE id = ?").bind(published.data.beacon.signature.replace(/^../, "a0"), round.roundId).run();
    const forgedPage = await (await new Browser().get(`/fairness?room=${ROOM}&seqno=${round.seqno}`)).text();
    expect(forgedPage).toContain("This round does not verify");
    expect(forgedPage).toContain("The beacon signature does NOT verify against the pinned public key");
    await expectMoneyInvariants();
  });

  it("refuses a bad signature and never draws from it: the draw waits, then uses the real round", async () => {
    const ROOM = 15;
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [[0, 1.98, 40]]);
    const round = await reschedule(ROOM, -2_000, -1_000);
    await beaconMode("bad");
    const before = (await beaconServed()).bad;
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    expect((await beaconServed()).bad).toBeGreaterThan(before);
    expect((await roundRow(round.roundId))!.status).toBe("open");
    const info = await api("/api/Game/getGameinfo", { token: player.token, roomid: ROOM });
    expect(info.data.game).toMatchObject({ id: round.roundId, status: "waiting" });
    // An order for a round waiting for its draw is refused like any closed round.
    expect((await api("/api/Game/order", { token: player.token, roomid: ROOM, gameid: round.roundId, order_info: [[1, 1.98, 20]] })).data.errCode).toBe(1029);

    await beaconMode("ok");
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    const row = (await roundRow(round.roundId))!;
    expect(row.status).toBe("settled");
    const chain = await testChain(inject("beaconPublicKey"));
    expect((await verifyBeacon(chain, row.beacon_round, { round: row.beacon_round, signature: row.beacon_signature })).ok).toBe(true);
    await expectMoneyInvariants();
  });

  it("waits while the beacon is down or too slow, then voids past BEACON_MAX_WAIT_SECONDS: stakes refunded, seed published", async () => {
    const ROOM = 16;
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [[0, 1.98, 30], [3, 1.98, 20]]);
    expect(await balanceOf(player.userId)).toBe(95_000);
    const round = await reschedule(ROOM, -2_000, -1_000);
    await beaconMode("down");
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    expect((await roundRow(round.roundId))!.status).toBe("open");
    // Slow: the request is given up after the room's fetch timeout and the draw still waits.
    await beaconMode("slow");
    const started = Date.now();
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    expect((await roundRow(round.roundId))!.status).toBe("open");

    await beaconMode("down");
    await reschedule(ROOM, -MAX_WAIT_MS - 2_000, -MAX_WAIT_MS - 1_000);
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    const row = (await roundRow(round.roundId))!;
    expect(row).toMatchObject({ status: "void", void_reason: "beacon_unavailable", beacon_signature: null, numbers: null });
    expect(await commitOf(fromHex(row.seed))).toBe(round.commit);
    expect(await balanceOf(player.userId)).toBe(100_000);
    const published = await api("/api/Game/getround", { roomid: ROOM, seqno: round.seqno });
    expect(published.data).toMatchObject({ status: "void", voidReason: "beacon_unavailable", seed: row.seed });
    expect((await checkPublishedRound(published.data)).ok).toBe(true);
    // The room went on: the next round is open and names its own beacon round.
    const next = await currentRound(ROOM);
    expect(next.seqno).toBe(round.seqno + 1);
    expect(next.beaconRound).not.toBeNull();
    await beaconMode("ok");
    await expectMoneyInvariants();
  });
});
