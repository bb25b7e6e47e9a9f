import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { closeBetting, currentRound, finishRound, order, placeOk, playerWith } from "./rooms-helpers";

// The lighter bet path and the short-lived memories of docs/decisions/100: nothing that decides money
// is read from memory; what is remembered is forgotten when an operator changes it.

describe("an order without reads before its batch", () => {
  it("answers a retried key with the first order even after betting closed, with no second debit", async () => {
    const player = await playerWith(10_000);
    const round = await currentRound(15);
    const body = { token: player.token, roomid: 15, gameid: round.roundId, order_info: [[0, 1.98, 20]], request_id: crypto.randomUUID() };
    const first = await api("/api/Game/order", body);
    expectOk(first);
    await closeBetting(15);
    const retry = await api("/api/Game/order", body);
    expectOk(retry);
    expect(retry.data).toEqual(first.data);
    expect(await count("orders", "user_id = ?", player.userId)).toBe(1);
    // a new key in the closed round is refused as before
    expectError(await api("/api/Game/order", { ...body, request_id: crypto.randomUUID() }), 1029);
    await finishRound(15);
    await expectMoneyInvariants();
  });

  it("decides trading inside the batch: a room stopped after it was remembered refuses at once (1020)", async () => {
    const player = await playerWith(10_000);
    await placeOk(player.token, 16, [[0, 1.98, 20]]); // the room's name is now remembered
    await env.DB.prepare("UPDATE rooms SET trading = 0 WHERE id = 16").run();
    try {
      const before = await count("ledger");
      expectError(await order(player.token, 16, [[1, 1.98, 20]]), 1020);
      expect(await count("ledger")).toBe(before);
    } finally {
      await env.DB.prepare("UPDATE rooms SET trading = 1 WHERE id = 16").run();
    }
    await placeOk(player.token, 16, [[1, 1.98, 20]]);
    await expectMoneyInvariants();
  });

  it("takes a renamed room's name from the operator's change at once (the ledger reason)", async () => {
    const token = await operatorLogin();
    const player = await playerWith(10_000);
    await placeOk(player.token, 1, [[0, 1.98, 20]]);
    const room = (await api("/api/admin/rooms/get", { token, id: 1 })).data;
    const form = {
      id: 1, title: "Renamed room", kind: room.kind, minjoin: room.minjoin, minbuy: room.minbuy, minLevel: room.minLevel,
      roundSeconds: room.roundSeconds ?? "", closeSeconds: room.closeSeconds ?? "", trading: room.trading ? "1" : "0",
      rates: room.options.map((o: { odds: number }) => String(o.odds)),
    };
    try {
      expectOk(await api("/api/admin/rooms/update", { token, ...form }));
      const placed = await placeOk(player.token, 1, [[1, 1.98, 20]]);
      const row = await env.DB.prepare("SELECT reason FROM ledger WHERE ref = ? AND type = 'bet'").bind(placed.ordersn).first<{ reason: string }>();
      expect(row!.reason).toMatch(/^Renamed room · round \d+$/);
    } finally {
      expectOk(await api("/api/admin/rooms/update", { token, ...form, title: room.title }));
    }
    await expectMoneyInvariants();
  });
});
