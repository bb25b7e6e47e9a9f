import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import {
  balanceOf,
  closeBetting,
  currentRound,
  finishRound,
  order,
  placeOk,
  playerWith,
  sessionIdOf,
  setTrading,
} from "./rooms-helpers";
import { runInOneBatch } from "../worker/db/batch";
import { orderWasRefused, placeOrderStatements } from "../worker/room/bets";
import { walletHandle } from "../worker/db/client";
import { ledgerReasons } from "../worker/ledger/reasons";
import { everywhere, playerD1 } from "./shard-helpers";
import { ledger as ledgerTable, sessions, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The lighter bet path and the short-lived memories of docs/decisions/100: nothing that decides money
// is read from memory; what is remembered is forgotten when an operator changes it.

describe("an order without reads before its batch", () => {
  it("answers a retried key with the first order even after betting closed, with no second debit", async () => {
    const player = await playerWith(10_000);
    const round = await currentRound(15);
    const body = {
      token: player.token,
      roomid: 15,
      gameid: round.roundId,
      order_info: [[0, 1.98, 20]],
      request_id: crypto.randomUUID(),
    };
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

  it("refuses at once (1020) in a room an operator stopped after it was remembered", async () => {
    const player = await playerWith(10_000);
    await placeOk(player.token, 16, [[0, 1.98, 20]]); // the room's name is now remembered
    await setTrading(16, false);
    try {
      const before = await count("ledger");
      expectError(await order(player.token, 16, [[1, 1.98, 20]]), 1020);
      expect(await count("ledger")).toBe(before);
    } finally {
      await setTrading(16, true);
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
      id: 1,
      title: "Renamed room",
      kind: room.kind,
      minjoin: room.minjoin,
      minbuy: room.minbuy,
      minLevel: room.minLevel,
      roundSeconds: room.roundSeconds ?? "",
      closeSeconds: room.closeSeconds ?? "",
      trading: room.trading ? "1" : "0",
      rates: room.options.map((o: { odds: number }) => String(o.odds)),
    };
    try {
      expectOk(await api("/api/admin/rooms/update", { token, ...form }));
      const placed = await placeOk(player.token, 1, [[1, 1.98, 20]]);
      const row = await everywhere(`SELECT reason FROM ${quotedTable(ledgerTable)} WHERE ref = ? AND type = 'bet'`)
        .bind(placed.ordersn)
        .first<{ reason: string }>();
      expect(row!.reason).toMatch(/^Renamed room · round \d+$/);
    } finally {
      expectOk(await api("/api/admin/rooms/update", { token, ...form, title: room.title }));
    }
    await expectMoneyInvariants();
  });
});

// docs/decisions/116: the order takes its player from the isolate's memory of sessions; whether the session
// still signs in and the player is not frozen is decided inside the order's batch.
describe("an order from a remembered session", () => {
  const SESSION_ENDS = [
    ["signed out", (token: string) => api("/api/Index/logout", { token }).then(expectOk)],
    [
      "expired",
      async (_: string, userId: number) =>
        (await playerD1(userId))
          .prepare(`UPDATE ${quotedTable(sessions)} SET expires_at_ms = ? WHERE user_id = ?`)
          .bind(Date.now() - 1, userId)
          .run(),
    ],
    [
      "made before a password change",
      async (_: string, userId: number) =>
        (await playerD1(userId))
          .prepare(`UPDATE ${quotedTable(users)} SET password_generation = password_generation + 1 WHERE id = ?`)
          .bind(userId)
          .run(),
    ],
  ] as const;

  for (const [how, end] of SESSION_ENDS) {
    it(`refuses a session ${how} after it was remembered (409/1062), writing nothing and telling nothing of earlier orders`, async () => {
      const player = await playerWith(10_000);
      const round = await currentRound(17);
      const body = {
        token: player.token,
        roomid: 17,
        gameid: round.roundId,
        order_info: [[0, 1.98, 20]],
        request_id: crypto.randomUUID(),
      };
      expectOk(await api("/api/Game/order", body)); // the session is now remembered
      await end(player.token, player.userId);
      const [orders, ledger, money] = [await count("orders"), await count("ledger"), await balanceOf(player.userId)];
      expectError(await order(player.token, 17, [[1, 1.98, 20]]), 1062, 409);
      // the retry of the placed order's key would answer the order and the balance: not to a dead session
      expectError(await api("/api/Game/order", body), 1062, 409);
      expect([await count("orders"), await count("ledger"), await balanceOf(player.userId)]).toEqual([
        orders,
        ledger,
        money,
      ]);
      await expectMoneyInvariants();
    });
  }

  it("refuses a player frozen after the session was remembered (403/1069), writing nothing", async () => {
    const player = await playerWith(10_000);
    await placeOk(player.token, 17, [[0, 1.98, 20]]);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(player.userId)
      .run();
    const [orders, money] = [await count("orders"), await balanceOf(player.userId)];
    expectError(await order(player.token, 17, [[1, 1.98, 20]]), 1069, 403);
    expect([await count("orders"), await balanceOf(player.userId)]).toEqual([orders, money]);
    await (
      await playerD1(player.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET frozen = 0 WHERE id = ?`)
      .bind(player.userId)
      .run();
    await placeOk(player.token, 17, [[1, 1.98, 20]]);
    await expectMoneyInvariants();
  });

  it("refuses another player's session id, even for a player who is signed in (the batch checks the pair)", async () => {
    const [mine, theirs] = [await playerWith(10_000), await playerWith(10_000)];
    const theirSession = await sessionIdOf(theirs.userId);
    // the batch runs in my shard, where my rows are; their session is checked there too
    const db = walletHandle(await playerD1(mine.userId));
    const round = await currentRound(17);
    const statements = placeOrderStatements(db, {
      orderNumber: `pair-${crypto.randomUUID()}`,
      userId: mine.userId,
      sessionId: theirSession,
      roomId: 17,
      roundId: round.roundId,
      minLevel: 0,
      lines: [{ optionIndex: 0, oddsMilli: 1980, stakeCents: 2_000 }],
      reason: ledgerReasons.round({ title: "Test", titleKey: "lucky28" }, 1),
      requestId: null,
      nowMs: Date.now(),
    });
    expect(orderWasRefused(await runInOneBatch(db, statements))).toBe(true);
    expect(await balanceOf(mine.userId)).toBe(10_000);
  });
});
