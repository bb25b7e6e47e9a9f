import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, newPlayerFields } from "./helpers";
import { balanceOf, closeBetting, currentRound, finishRound, playerWith, stubOf } from "./rooms-helpers";
import { playerD1, rowD1 } from "./shard-helpers";
import { ledger, bets, orders, rounds, rooms, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The database refuses impossible rows itself, a key makes an order once, rooms check bets
// against their round's settings, and void rounds are public.

const KEY = "order-key-0001";
const orderWith = (token: string, roomId: number, gameid: number, rows: unknown, requestId?: string) =>
  api("/api/Game/order", {
    token,
    roomid: roomId,
    gameid,
    order_info: rows,
    ...(requestId === undefined ? {} : { request_id: requestId }),
  });

describe("the database", () => {
  it("keeps the ledger append-only and refuses impossible rows by itself", async () => {
    const player = await playerWith(10_000);
    const ledgerId = (await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT id FROM ${quotedTable(ledger)} WHERE user_id = ?`)
      .bind(player.userId)
      .first<{ id: number }>())!.id;
    await expect(
      (await playerD1(player.userId))
        .prepare(`UPDATE ${quotedTable(ledger)} SET amount_cents = 1 WHERE id = ?`)
        .bind(ledgerId)
        .run(),
    ).rejects.toThrow();
    await expect(
      (await playerD1(player.userId))
        .prepare(`DELETE FROM ${quotedTable(ledger)} WHERE id = ?`)
        .bind(ledgerId)
        .run(),
    ).rejects.toThrow();
    const round = await currentRound(1);
    const placed = await orderWith(player.token, 1, round.roundId, [[0, 1.98, 20]]);
    expectOk(placed);
    const refused = [
      `UPDATE ${quotedTable(bets)} SET isaward = 7 WHERE order_id = ?`,
      `UPDATE ${quotedTable(bets)} SET odds_milli = 0 WHERE order_id = ?`,
      `UPDATE ${quotedTable(bets)} SET award_cents = -1 WHERE order_id = ?`,
      `UPDATE ${quotedTable(bets)} SET stake_cents = 0 WHERE order_id = ?`,
      `UPDATE ${quotedTable(orders)} SET total_cents = 0 WHERE id = ?`,
      `UPDATE ${quotedTable(orders)} SET status = 'lost' WHERE id = ?`,
    ];
    for (const statement of refused) {
      await expect(
        rowD1(placed.data.order_id).prepare(statement).bind(placed.data.order_id).run(),
        statement,
      ).rejects.toThrow();
    }
    // the round is the control database's (docs/decisions/161)
    await expect(
      env.DB.prepare(`UPDATE ${quotedTable(rounds)} SET status = 'drawn' WHERE id = ?`)
        .bind(round.roundId)
        .run(),
    ).rejects.toThrow();
    await expect(
      (await playerD1(player.userId))
        .prepare(
          `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
        VALUES (?, 0, 0, 0, 'bet', 'zero', 'zero-movement', 1)`,
        )
        .bind(player.userId)
        .run(),
    ).rejects.toThrow();
    await expectMoneyInvariants();
  });

  it("lets exactly one of two registrations racing for one phone number through", async () => {
    const first = await newPlayerFields();
    const second = await newPlayerFields({ phone: first.phone });
    const answers = await Promise.all([api("/api/index/register", first), api("/api/index/register", second)]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const loser = answers.find((a) => a.code !== 1)!;
    expectError(loser, 2052);
    expect(await count("users", "quhao = ? AND phone = ?", first.quhao, first.phone)).toBe(1);
  });
});

describe("an order's request_id", () => {
  it("places one order for one key: a retry answers the first order, without a second debit", async () => {
    const player = await playerWith(10_000);
    const round = await currentRound(17);
    const first = await orderWith(player.token, 17, round.roundId, [[0, 1.98, 30]], KEY);
    expectOk(first);
    const again = await orderWith(player.token, 17, round.roundId, [[0, 1.98, 30]], KEY);
    expectOk(again);
    expect(again.data.order_id).toBe(first.data.order_id);
    expect(again.data.ordersn).toBe(first.data.ordersn);
    expect(await balanceOf(player.userId)).toBe(7_000);
    // Even once the round is closed, the retry is answered with the order it made.
    await closeBetting(17);
    const late = await orderWith(player.token, 17, round.roundId, [[0, 1.98, 30]], KEY);
    expectOk(late);
    expect(late.data.order_id).toBe(first.data.order_id);
    expect(await count("orders", "user_id = ?", player.userId)).toBe(1);
    await expectMoneyInvariants();
  });

  it("places one order when the same key arrives several times at once", async () => {
    const player = await playerWith(10_000);
    const round = await currentRound(33);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => orderWith(player.token, 33, round.roundId, [[0, 1.98, 25]], KEY)),
    );
    for (const answer of answers) expectOk(answer);
    expect(new Set(answers.map((a) => a.data.order_id)).size).toBe(1);
    expect(await count("orders", "user_id = ?", player.userId)).toBe(1);
    expect(await count("ledger", "user_id = ? AND type = 'bet'", player.userId)).toBe(1);
    expect(await balanceOf(player.userId)).toBe(7_500);
    await expectMoneyInvariants();
  });

  it("keeps keys per player and refuses a malformed one", async () => {
    const [a, b] = [await playerWith(10_000), await playerWith(10_000)];
    const round = await currentRound(48);
    const mine = await orderWith(a.token, 48, round.roundId, [[1, 1.98, 20]], KEY);
    const theirs = await orderWith(b.token, 48, round.roundId, [[1, 1.98, 20]], KEY);
    expectOk(mine);
    expectOk(theirs);
    expect(theirs.data.order_id).not.toBe(mine.data.order_id);
    const other = await orderWith(a.token, 48, round.roundId, [[1, 1.98, 20]], "order-key-0002");
    expect(other.data.order_id).not.toBe(mine.data.order_id);
    const before = await count("orders");
    for (const bad of ["short", "x".repeat(65), "has space!", 12345678, ["k"]]) {
      expectError(await orderWith(a.token, 48, round.roundId, [[1, 1.98, 20]], bad as string), 1001);
    }
    expect(await count("orders")).toBe(before);
    await expectMoneyInvariants();
  });
});

describe("a round's settings", () => {
  it("are the room's settings when it opened: a change applies from the next round", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(16);
    const snapshot = await env.DB.prepare(
      `SELECT rates_milli, minbuy_cents, min_level FROM ${quotedTable(rounds)} WHERE id = ?`,
    )
      .bind(round.roundId)
      .first<Record<string, unknown>>();
    const rates = JSON.parse(String(snapshot!.rates_milli)) as number[];
    expect(snapshot!.minbuy_cents).toBe(2_000);
    const changed = rates.map((milli) => milli + 100);
    await env.DB.prepare(
      `UPDATE ${quotedTable(rooms)} SET rates_milli = ?, minbuy_cents = 5000, min_level = 5 WHERE id = 16`,
    )
      .bind(JSON.stringify(changed))
      .run();
    try {
      // The open round keeps its odds, minbuy and level.
      expectOk(await orderWith(player.token, 16, round.roundId, [[0, rates[0] / 1000, 20]]));
      expectError(await orderWith(player.token, 16, round.roundId, [[1, changed[1] / 1000, 20]]), 1031);
      await finishRound(16);
      const next = await currentRound(16);
      expectError(await orderWith(player.token, 16, next.roundId, [[0, changed[0] / 1000, 50]]), 2055);
      await (
        await playerD1(player.userId)
      )
        .prepare(`UPDATE ${quotedTable(users)} SET level = 5 WHERE id = ?`)
        .bind(player.userId)
        .run();
      const small = await orderWith(player.token, 16, next.roundId, [[0, changed[0] / 1000, 20]]);
      expectError(small, 1024);
      expect(small.data.num).toBe(50);
      expectError(await orderWith(player.token, 16, next.roundId, [[0, rates[0] / 1000, 50]]), 1031);
      expectOk(await orderWith(player.token, 16, next.roundId, [[0, changed[0] / 1000, 50]]));
    } finally {
      await env.DB.prepare(
        `UPDATE ${quotedTable(rooms)} SET rates_milli = ?, minbuy_cents = 2000, min_level = 1 WHERE id = 16`,
      )
        .bind(JSON.stringify(rates))
        .run();
    }
    await expectMoneyInvariants();
  });
});

describe("a void round", () => {
  it("is listed publicly with its reason: room history, results and the fairness lookup", async () => {
    const player = await playerWith(100_000);
    const round = await currentRound(32);
    expectOk(await orderWith(player.token, 32, round.roundId, [[1, 1.98, 40]]));
    await runInDurableObject(stubOf(32), (_room, state) => {
      state.storage.sql.exec("DELETE FROM round_seeds");
      state.storage.sql.exec("UPDATE room SET round_id = NULL");
    });
    await stubOf(32).ensureRunning(32);
    expect(await balanceOf(player.userId)).toBe(100_000);
    const shown = { seqno: round.seqno, status: "void", voidReason: "seed_lost", seed: null, numbers: [] };
    const log = await api("/api/Game/getGamelog", { token: player.token, roomid: 32 });
    expect(log.data.list[0]).toMatchObject(shown);
    const info = await api("/api/Game/getGameinfo", { token: player.token, roomid: 32 });
    expect(info.data.his[0]).toMatchObject(shown);
    const lookup = await api("/api/Game/getround", { roomid: 32, seqno: round.seqno });
    expect(lookup.data).toMatchObject(shown);
    await expectMoneyInvariants();
  });
});
