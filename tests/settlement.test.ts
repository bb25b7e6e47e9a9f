import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, count, expectMoneyInvariants, expectOk } from "./helpers";
import { balanceOf, currentRound, finishRound, placeOk, playerWith, sessionIdOf, stubOf } from "./rooms-helpers";
import { insertBulkBets } from "./bulk-bets";
import { everywhere, playerD1, sumEverywhere } from "./shard-helpers";
import { playersInShards } from "./shards/orders-helpers";
import { placeOrderStatements } from "../worker/room/bets";
import { roundAnsweredStatements, roundResultStatement, settlementStatements } from "../worker/room/rounds";
import { runInOneBatch } from "../worker/db/batch";
import { drawNumbers, fromHex } from "#shared/games/fairness";
import { type GameType, defaultRatesMilli } from "#shared/games/options";
import { optionOutcome, payoutCents, refundMask, resultOf, winningMask } from "#shared/games/rules";
import { levelForTurnover } from "#shared/players/levels";
import { ledgerReasons } from "../worker/ledger/reasons";
import {
  bets as betsTable,
  rooms as roomsTable,
  ledger,
  accountDirectory,
  rounds,
  users as usersTable,
  settings,
} from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

type BetRow = {
  id: number;
  user_id: number;
  option_index: number;
  odds_milli: number;
  stake_cents: number;
  isaward: number;
  award_cents: number;
};

/** What each bet of a drawn round should have become, computed from the published seed alone. */
async function expectedOutcomes(round: Record<string, any>, roomId: number) {
  const gameType = round.game_type as GameType;
  const numbers = await drawNumbers(fromHex(round.seed), roomId, round.seqno, gameType);
  expect(JSON.parse(round.numbers)).toEqual(numbers);
  const result = resultOf(gameType, numbers);
  expect([round.num1, round.num2, round.num3, round.sum]).toEqual([result.num1, result.num2, result.num3, result.sum]);
  return (bet: BetRow) => {
    const outcome = optionOutcome(gameType, bet.option_index, result);
    if (outcome === "win") return { isaward: 1, award_cents: payoutCents(bet.stake_cents, bet.odds_milli) };
    if (outcome === "refund") return { isaward: 2, award_cents: bet.stake_cents };
    return { isaward: 0, award_cents: 0 };
  };
}

async function betsOf(roundId: number) {
  return (
    await everywhere(
      `SELECT id, user_id, option_index, odds_milli, stake_cents, isaward, award_cents FROM ${quotedTable(betsTable)} WHERE round_id = ? ORDER BY id`,
    )
      .bind(roundId)
      .all<BetRow>()
  ).results;
}

// First in the file: its player must land in shard 0, which the bulk bets below fill with 2,000 players, so that
// registration (to the least-filled shard) would not reach it again for thousands of players.
describe("a room from before the wallet shards", () => {
  it("pays the round it had in play, whose orders went to the one database before rooms recorded shards", async () => {
    // before the shards every order went to the one database, shard 0: a player there
    const player = (await playersInShards([0], 10_000)).get(0)!;
    await placeOk(player.token, 16, [[0, 1.98, 20]]);
    const round = await currentRound(16);
    // the room's storage as it was: no record of shards, the order already written
    await runInDurableObject(stubOf(16), (room, state) => {
      state.storage.sql.exec("DROP TABLE round_shards");
      state.storage.sql.exec("DROP TABLE pending_settlements");
      (room as unknown as { state: { migrate(): void } }).state.migrate();
    });
    await finishRound(16);
    expect(await count("bets", "round_id = ? AND isaward = -1", round.roundId)).toBe(0);
    expect(await count("ledger", "idempotency_key = ?", `stakes:${round.roundId}:house`)).toBe(1);
    await expectMoneyInvariants();
  });
});

describe("settling a round", () => {
  it("pays every option of every game type exactly as the rules say, round after round", async () => {
    const rooms = [
      { roomId: 1, options: 11 },
      { roomId: 15, options: 11 },
      { roomId: 9, options: 11 },
      { roomId: 4, options: 40 },
      { roomId: 16, options: 4 },
    ];
    for (let repeat = 0; repeat < 3; repeat++) {
      for (const { roomId, options } of rooms) {
        const players = [await playerWith(1_000_000), await playerWith(1_000_000)];
        const start = await currentRound(roomId);
        const rates = (await env.DB.prepare(`SELECT rates_milli FROM ${quotedTable(roomsTable)} WHERE id = ?`)
          .bind(roomId)
          .first<{ rates_milli: string }>())!.rates_milli;
        const odds = (JSON.parse(rates) as number[]).map((m) => m / 1000);
        // Player 0 takes the even options, player 1 the odd ones, nine at most per order.
        for (let option = 0; option < options; option += 9) {
          for (const [p, player] of players.entries()) {
            const rows = [];
            for (let i = option; i < Math.min(option + 9, options); i++)
              if (i % 2 === p) rows.push([i, odds[i], 20 + i]);
            if (rows.length) await placeOk(player.token, roomId, rows);
          }
        }
        const round = await finishRound(roomId);
        expect(round.id).toBe(start.roundId);
        const expected = await expectedOutcomes(round, roomId);
        const bets = await betsOf(round.id);
        expect(bets).toHaveLength(options);
        for (const bet of bets) expect({ isaward: bet.isaward, award_cents: bet.award_cents }).toEqual(expected(bet));
        for (const player of players) {
          const mine = bets.filter((b) => b.user_id === player.userId);
          const staked = mine.reduce((t, b) => t + b.stake_cents, 0);
          const won = mine.filter((b) => b.isaward === 1).reduce((t, b) => t + b.award_cents, 0);
          const refunded = mine.filter((b) => b.isaward === 2).reduce((t, b) => t + b.award_cents, 0);
          expect(await balanceOf(player.userId)).toBe(1_000_000 - staked + won + refunded);
          const earn = await (
            await playerD1(player.userId)
          )
            .prepare(
              `SELECT amount_cents, idempotency_key FROM ${quotedTable(ledger)} WHERE user_id = ? AND type = 'earn'`,
            )
            .bind(player.userId)
            .all();
          expect(earn.results).toEqual(
            won > 0 ? [{ amount_cents: won, idempotency_key: `award:${round.id}:${player.userId}` }] : [],
          );
        }
        // the house's side of the round, over the shards its bets were in
        const house = {
          total: await sumEverywhere(
            `SELECT COALESCE(SUM(amount_cents), 0) AS n FROM ${quotedTable(ledger)} WHERE user_id = 1 AND ref = ?`,
            `round:${round.id}`,
          ),
        };
        // The house's side of the round: its stakes in, awards and refunds out, one row per kind.
        const stakes = bets.reduce((t, b) => t + b.stake_cents, 0);
        expect(house!.total).toBe(stakes - bets.reduce((t, b) => t + (b.isaward > 0 ? b.award_cents : 0), 0));
        await expectMoneyInvariants();
      }
    }
  });

  it("gives refunded options their stake back (11x5 sum 30) and settles only once", async () => {
    const control = databasesOf(env).control;
    const players = [await playerWith(100_000), await playerWith(100_000)];
    // each player's orders go to their wallet shard, as the room writes them (docs/decisions/161)
    const shardOf = async (userId: number) =>
      (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
        .bind(userId)
        .first<{ shard: number }>())!.shard;
    const playerShards = await Promise.all(players.map((p) => shardOf(p.userId)));
    const shards = [...new Set(playerShards)];
    // A round of room 12 (11x5) written by hand so the draw can be the middle sum.
    const round = await env.DB.prepare(
      `INSERT INTO ${quotedTable(rounds)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status) VALUES (12, 9001, 3, 0, 1, 2, ?, 'open') RETURNING id`,
    )
      .bind("0".repeat(64))
      .first<{ id: number }>();
    const rates = defaultRatesMilli(3);
    for (const [p, player] of players.entries()) {
      const lines = [0, 1, 3, 5, 7, 10].map((optionIndex) => ({
        optionIndex,
        oddsMilli: rates[optionIndex],
        stakeCents: 1_000 * (p + 1),
      }));
      const db = databasesOf(env).walletPrimary(playerShards[p]);
      await runInOneBatch(
        db,
        placeOrderStatements(db, {
          orderNumber: `test-${round!.id}-${p}`,
          userId: player.userId,
          sessionId: await sessionIdOf(player.userId),
          roomId: 12,
          roundId: round!.id,
          minLevel: 1,
          lines,
          reason: ledgerReasons.round({ title: "Test", titleKey: "lucky28" }, 1),
          requestId: null,
          nowMs: Date.now(),
        }),
      );
    }
    const numbers = [1, 2, 6, 10, 11];
    const result = resultOf(3, numbers);
    expect(result.sum).toBe(30);
    const settlement = {
      roundId: round!.id,
      status: "settled" as const,
      voidReason: null,
      seedHex: "1".repeat(64),
      draw: { numbers, num1: 1, num2: 2, num3: 6, sum: 30 },
      winMask: Number(winningMask(3, result)),
      refundMask: Number(refundMask(3, result)),
      vipThresholdsCents: [0, 100_000],
      reason: ledgerReasons.round({ title: "Test", titleKey: "lucky28" }, 9001),
      nowMs: Date.now(),
    };
    // as the room does it: the result in the control database, then each shard's batch and its answer
    const settle = async (s: typeof settlement) => {
      await runInOneBatch(control, [roundResultStatement(control, s)]);
      for (const shard of shards) {
        const wallet = databasesOf(env).walletPrimary(shard);
        await runInOneBatch(wallet, [...settlementStatements(wallet, s, shard)]);
        await runInOneBatch(control, [
          ...roundAnsweredStatements(control, { roundId: s.roundId, shards, nowMs: s.nowMs }, shard),
        ]);
      }
    };
    await settle(settlement);
    const bets = await betsOf(round!.id);
    const byOption = (p: number) =>
      Object.fromEntries(
        bets.filter((b) => b.user_id === players[p].userId).map((b) => [b.option_index, [b.isaward, b.award_cents]]),
      );
    // big, small, big_even, small_even: refunded; even wins 1.98; triple ("sum 30") wins 13.5.
    expect(byOption(0)).toEqual({
      0: [2, 1_000],
      1: [2, 1_000],
      3: [1, 1_980],
      5: [2, 1_000],
      7: [2, 1_000],
      10: [1, 13_500],
    });
    expect(await balanceOf(players[0].userId)).toBe(100_000 - 6_000 + 4_000 + 1_980 + 13_500);
    expect(await balanceOf(players[1].userId)).toBe(100_000 - 12_000 + 8_000 + 3_960 + 27_000);
    const redo = await (
      await playerD1(players[1].userId)
    )
      .prepare(`SELECT amount_cents FROM ${quotedTable(ledger)} WHERE user_id = ? AND type = 'redo'`)
      .bind(players[1].userId)
      .all();
    expect(redo.results).toEqual([{ amount_cents: 8_000 }]);
    // Refunds are not turnover: only the won and lost stakes count (player 1: 2 x 2,000).
    const turnover = await (
      await playerD1(players[1].userId)
    )
      .prepare(`SELECT turnover_cents FROM ${quotedTable(usersTable)} WHERE id = ?`)
      .bind(players[1].userId)
      .first();
    expect(turnover).toEqual({ turnover_cents: 4_000 });
    // The same statements again (a repeated alarm, a retry after a crash) change nothing.
    const ledgerBefore = await count("ledger");
    await settle({ ...settlement, nowMs: Date.now() + 1 });
    expect(await count("ledger")).toBe(ledgerBefore);
    expect(await balanceOf(players[0].userId)).toBe(100_000 - 6_000 + 4_000 + 1_980 + 13_500);
    expect(await betsOf(round!.id)).toEqual(bets);
    await expectMoneyInvariants();
  });

  it("settles 10,000 bets of one round with a fixed number of statements, matching an independent computation", async () => {
    const users = 2_000;
    const perOrder = 5;
    const roomId = 5; // Sky Racing (VIP room, 40 options)
    const round = await currentRound(roomId);
    await insertBulkBets(roomId, round.roundId, users, perOrder, "bulk");
    expect(await count("bets", "round_id = ?", round.roundId)).toBe(users * perOrder);
    await expectMoneyInvariants();
    const balancesBefore = new Map(
      (
        await everywhere(`SELECT id, money_cents FROM ${quotedTable(usersTable)} WHERE username LIKE 'bulk%'`).all<{
          id: number;
          money_cents: number;
        }>()
      ).results.map((u) => [u.id, u.money_cents]),
    );

    const settled = await finishRound(roomId);
    const expected = await expectedOutcomes(settled, roomId);
    const bets = await betsOf(round.roundId);
    const owed = new Map<number, number>();
    let wins = 0;
    for (const bet of bets) {
      const want = expected(bet);
      if (bet.isaward !== want.isaward || bet.award_cents !== want.award_cents)
        expect({ bet: bet.id, ...bet }).toEqual({ bet: bet.id, ...bet, ...want });
      if (want.isaward === 1) wins++;
      owed.set(bet.user_id, (owed.get(bet.user_id) ?? 0) + want.award_cents);
    }
    expect(wins).toBeGreaterThan(0);
    const after = (
      await everywhere(`SELECT id, money_cents FROM ${quotedTable(usersTable)} WHERE username LIKE 'bulk%'`).all<{
        id: number;
        money_cents: number;
      }>()
    ).results;
    for (const user of after) expect(user.money_cents).toBe(balancesBefore.get(user.id)! + (owed.get(user.id) ?? 0));
    const winners = [...owed.values()].filter((v) => v > 0).length;
    expect(await count("ledger", "ref = ? AND type = 'earn' AND user_id <> 1", `round:${round.roundId}`)).toBe(winners);
    // The house's side: one row for the stakes and one for the awards, however many bets.
    expect(await count("ledger", "ref = ? AND user_id = 1", `round:${round.roundId}`)).toBe(2);
    expect(await count("ledger", "idempotency_key = ?", `stakes:${round.roundId}:house`)).toBe(1);
    // The statement count does not depend on the number of bets.
    const db = databasesOf(env).wallet(0);
    const shape = {
      roundId: 1,
      status: "settled" as const,
      voidReason: null,
      seedHex: null,
      draw: null,
      winMask: 0,
      refundMask: 0,
      vipThresholdsCents: [],
      reason: ledgerReasons.round({ title: "Test", titleKey: "lucky28" }, 1),
      nowMs: 0,
    };
    expect(settlementStatements(db, shape, 0).length).toBe(13);
    await expectMoneyInvariants();
  });
});

describe("VIP levels", () => {
  it("move with played-out turnover at settlement, by the operator's thresholds, and never drop", async () => {
    const player = await playerWith(1_000_000);
    await finishRound(1);
    await placeOk(player.token, 1, [
      [0, 1.98, 500],
      [1, 1.98, 500],
    ]); // 1,000.00 played out
    const cancelled = await placeOk(player.token, 1, [[2, 1.98, 4_000]]);
    expectOk(await api("/api/Game/getGamecancel", { token: player.token, roomid: 1, order_id: cancelled.order_id }));
    await finishRound(1);
    const row = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT level, turnover_cents FROM ${quotedTable(usersTable)} WHERE id = ?`)
      .bind(player.userId)
      .first<{ level: number; turnover_cents: number }>();
    expect(row).toEqual({ level: 2, turnover_cents: 100_000 });
    const thresholds = [0, 100, 200, 300, 150_000, 10_000_000, 20_000_000, 30_000_000];
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('vip_thresholds_cents', ?)`,
    )
      .bind(JSON.stringify(thresholds))
      .run();
    await placeOk(player.token, 1, [[3, 1.98, 600]]);
    await finishRound(1);
    expect(levelForTurnover(160_000, thresholds)).toBe(5);
    expect(
      await (
        await playerD1(player.userId)
      )
        .prepare(`SELECT level FROM ${quotedTable(usersTable)} WHERE id = ?`)
        .bind(player.userId)
        .first(),
    ).toEqual({ level: 5 });
    // Raising the thresholds later takes no level away.
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('vip_thresholds_cents', ?)`,
    )
      .bind(JSON.stringify([0, 1e9, 2e9, 3e9, 4e9, 5e9, 6e9, 7e9]))
      .run();
    await placeOk(player.token, 1, [[0, 1.98, 20]]);
    await finishRound(1);
    expect(
      await (
        await playerD1(player.userId)
      )
        .prepare(`SELECT level FROM ${quotedTable(usersTable)} WHERE id = ?`)
        .bind(player.userId)
        .first(),
    ).toEqual({ level: 5 });
    await env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = 'vip_thresholds_cents'`).run();
    await expectMoneyInvariants();
  });
});
