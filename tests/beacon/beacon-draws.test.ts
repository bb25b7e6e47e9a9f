import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { api, expectMoneyInvariants, expectOk } from "../helpers";
import { balanceOf, currentRound, finishRound, placeOk, playerWith, reschedule, stubOf } from "../rooms-helpers";
import { beaconRoundAfter, testChain, verifyBeacon } from "#shared/games/beacon";
import { commitOf, drawNumbers, fromHex } from "#shared/games/fairness";
import { resultOf } from "#shared/games/rules";
import { checkPublishedRound } from "../../worker/room/verify";
import { Browser } from "../pages";
import { rounds } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

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

const roundRow = (id: number) =>
  env.DB.prepare(`SELECT * FROM ${quotedTable(rounds)} WHERE id = ?`)
    .bind(id)
    .first<Record<string, any>>();

describe("beacon draws", () => {
  it("names its beacon round at open, draws from the verified beacon, and publishes a proof anyone can recompute", async () => {
    await beaconMode("ok");
    const ROOM = 4; // Racing 10: 10! orders, so drawing without the beacon would show
    const chain = await testChain(inject("beaconPublicKey"));
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [[0, 1.98, 50]]);
    const opened = await currentRound(ROOM);
    expect(opened.beaconChain).toBe(chain.chainHash);
    expect(opened.beaconRound).toBe(beaconRoundAfter(chain, opened.closeAtMs));
    // Announced at open, beside the commitment, to anyone.
    const info = await api("/api/Game/getGameinfo", { token: player.token, roomid: ROOM });
    expect(info.data.game).toMatchObject({
      commit: opened.commit,
      beacon: { chain: chain.chainHash, round: opened.beaconRound },
    });

    // Due now: the round names the beacon round of its moved close time.
    const round = await reschedule(ROOM, -2_000, -1_000);
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    const row = (await roundRow(round.roundId))!;
    expect(row.status).toBe("settled");
    expect(row.beacon_round).toBe(round.beaconRound);
    const check = await verifyBeacon(chain, round.beaconRound!, {
      round: round.beaconRound,
      signature: row.beacon_signature,
      randomness: row.beacon_randomness,
    });
    expect(check.ok).toBe(true);
    const withBeacon = await drawNumbers(fromHex(row.seed), ROOM, round.seqno, 4, row.beacon_randomness);
    expect(JSON.parse(row.numbers)).toEqual(withBeacon);
    expect(withBeacon).not.toEqual(await drawNumbers(fromHex(row.seed), ROOM, round.seqno, 4));

    const published = await api("/api/Game/getround", { roomid: ROOM, seqno: round.seqno });
    expectOk(published);
    expect(published.data.beacon).toEqual({
      chain: chain.chainHash,
      round: round.beaconRound,
      signature: row.beacon_signature,
      randomness: row.beacon_randomness,
    });
    const testKey = { chains: { [chain.chainHash]: chain }, requireBeacon: true };
    expect(await checkPublishedRound(published.data, testKey)).toMatchObject({ ok: true });
    // A changed randomness, a signature of another round, or a chain nobody pinned: not verified.
    const forged = { ...published.data, beacon: { ...published.data.beacon, randomness: "0".repeat(64) } };
    expect((await checkPublishedRound(forged, testKey)).ok).toBe(false);
    expect((await checkPublishedRound(published.data)).ok).toBe(false);
    // Without its beacon the round does not pass as commit-reveal only where the rule draws with one.
    expect((await checkPublishedRound({ ...published.data, beacon: null }, testKey)).problems).toEqual([
      "the round carries no beacon round, but the rule draws every round with one",
    ]);

    // /fairness: the rule, the beacon's proof, the signature checked and the draw recomputed.
    const html = await (await new Browser().get(`/fairness?room=${ROOM}&seqno=${round.seqno}`)).text();
    expect(html).toContain("This site mixes a public randomness beacon");
    expect(html).toContain("Verified: this round was fair");
    expect(html).toContain("The beacon signature verifies against the pinned public key");
    for (const value of [
      row.beacon_signature,
      row.beacon_randomness,
      `beacon-v1:${row.beacon_randomness}:${ROOM}:${round.seqno}`,
    ])
      expect(html).toContain(value);
    // A forged signature in the published row is caught by the page.
    await env.DB.prepare(`UPDATE ${quotedTable(rounds)} SET beacon_signature = ? WHERE id = ?`)
      .bind(published.data.beacon.signature.replace(/^../, "a0"), round.roundId)
      .run();
    const forgedPage = await (await new Browser().get(`/fairness?room=${ROOM}&seqno=${round.seqno}`)).text();
    expect(forgedPage).toContain("This round does not verify");
    expect(forgedPage).toContain("The beacon signature does NOT verify against the pinned public key");
    await expectMoneyInvariants();
  });

  it("refuses on /fairness a round drawn from a beacon round other than the one the rule names, or from none", async () => {
    await beaconMode("ok");
    const ROOM = 4;
    const chain = await testChain(inject("beaconPublicKey"));
    const drawn = await finishRound(ROOM);
    const expected = beaconRoundAfter(chain, drawn.close_at_ms);
    expect(drawn.beacon_round).toBe(expected);
    const url = `/fairness?room=${ROOM}&seqno=${drawn.seqno}`;
    expect(await (await new Browser().get(url)).text()).toContain("Verified: this round was fair");
    // An operator naming an earlier (or later) beacon round, with that round's valid signature and the
    // numbers it draws: every published figure is consistent, only the rule is broken.
    for (const shift of [-1, 1]) {
      const answer = await fetch(`${beaconUrl}/${chain.chainHash}/public/${expected + shift}`);
      const { signature, randomness } = (await answer.json()) as { signature: string; randomness: string };
      const numbers = await drawNumbers(fromHex(drawn.seed), ROOM, drawn.seqno, 4, randomness);
      const result = resultOf(4, numbers);
      await env.DB.prepare(
        `UPDATE ${quotedTable(rounds)} SET beacon_round = ?, beacon_signature = ?, beacon_randomness = ?, numbers = ?, num1 = ?, num2 = ?, num3 = ?, sum = ? WHERE id = ?`,
      )
        .bind(
          expected + shift,
          signature,
          randomness,
          JSON.stringify(numbers),
          result.num1,
          result.num2,
          result.num3,
          result.sum,
          drawn.id,
        )
        .run();
      const html = await (await new Browser().get(url)).text();
      expect(html).toContain("This round does not verify");
      expect(html).toContain(
        `The beacon round is ${expected + shift}, but the rule names ${expected}: the first produced after betting closed`,
      );
      const published = await api("/api/Game/getround", { roomid: ROOM, seqno: drawn.seqno });
      expect((await checkPublishedRound(published.data, { chains: { [chain.chainHash]: chain } })).ok).toBe(false);
    }
    // The beacon taken off the drawn round: this site draws with one, so it does not pass as commit-reveal.
    const plain = await drawNumbers(fromHex(drawn.seed), ROOM, drawn.seqno, 4);
    const plainResult = resultOf(4, plain);
    await env.DB.prepare(
      `UPDATE ${quotedTable(rounds)} SET beacon_chain = NULL, beacon_round = NULL, beacon_signature = NULL, beacon_randomness = NULL, numbers = ?, num1 = ?, num2 = ?, num3 = ?, sum = ? WHERE id = ?`,
    )
      .bind(JSON.stringify(plain), plainResult.num1, plainResult.num2, plainResult.num3, plainResult.sum, drawn.id)
      .run();
    const html = await (await new Browser().get(url)).text();
    expect(html).toContain("This round does not verify");
    expect(html).toContain("This round carries no beacon round, but this site draws every round with one");
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
    expect(
      (
        await api("/api/Game/order", {
          token: player.token,
          roomid: ROOM,
          gameid: round.roundId,
          order_info: [[1, 1.98, 20]],
        })
      ).data.errCode,
    ).toBe(1029);

    await beaconMode("ok");
    expect(await runDurableObjectAlarm(stubOf(ROOM))).toBe(true);
    const row = (await roundRow(round.roundId))!;
    expect(row.status).toBe("settled");
    const chain = await testChain(inject("beaconPublicKey"));
    expect(
      (await verifyBeacon(chain, row.beacon_round, { round: row.beacon_round, signature: row.beacon_signature })).ok,
    ).toBe(true);
    await expectMoneyInvariants();
  });

  it("waits while the beacon is down or too slow, then voids past BEACON_MAX_WAIT_SECONDS: stakes refunded, seed published", async () => {
    const ROOM = 16;
    const player = await playerWith(100_000);
    await placeOk(player.token, ROOM, [
      [0, 1.98, 30],
      [3, 1.98, 20],
    ]);
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
    expect(row).toMatchObject({
      status: "void",
      void_reason: "beacon_unavailable",
      beacon_signature: null,
      numbers: null,
    });
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
