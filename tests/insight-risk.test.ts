import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { order, placeOk, playerWith } from "./rooms-helpers";
import { auditRows } from "./admin-helpers";
import { dayStartMs } from "#shared/days";
import { playerD1 } from "./shard-helpers";
import { paidInto } from "./wallet-helpers";
import { rounds, orders, bets, protectionRefusals, selfExclusions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Each marker of harm: the pattern made (through the contract where it can be made now, written into the
// test database where it lies in the past), then found on the player's file and in the list.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let seqno = 800_000;

/** A bet of a round drawn at drawAtMs, settled: won pays 1.98. Past play cannot be made through the API. */
async function pastBet(userId: number, placedAtMs: number, stakeCents: number, won: boolean) {
  const round = await env.DB.prepare(
    `INSERT INTO ${quotedTable(rounds)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status, settled_at_ms) VALUES (16, ?, 1, ?, ?, ?, 'c', 'settled', ?) RETURNING id`,
  )
    .bind(seqno++, placedAtMs - 60_000, placedAtMs + 60_000, placedAtMs + 120_000, placedAtMs + 120_000)
    .first<{ id: number }>();
  const order = await (
    await playerD1(userId)
  )
    .prepare(
      `INSERT INTO ${quotedTable(orders)} (ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES (?, ?, 16, ?, ?, ?) RETURNING id`,
    )
    .bind(`risk-${seqno}`, userId, round!.id, stakeCents, placedAtMs)
    .first<{ id: number }>();
  await (
    await playerD1(userId)
  )
    .prepare(
      `INSERT INTO ${quotedTable(bets)} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, award_cents, isaward, created_at_ms) VALUES (?, ?, ?, 0, 1980, ?, ?, ?, ?)`,
    )
    .bind(
      order!.id,
      userId,
      round!.id,
      stakeCents,
      won ? Math.floor((stakeCents * 1980) / 1000) : 0,
      won ? 1 : 0,
      placedAtMs,
    )
    .run();
}

async function markersOf(op: string, userId: number) {
  const answer = await api("/api/admin/risk/player", { token: op, userId });
  expectOk(answer);
  return answer.data.markers as { key: string; userId: number; figures: Record<string, number> }[];
}

async function listed(op: string, userId: number) {
  const answer = await api("/api/admin/risk", { token: op });
  expectOk(answer);
  return answer.data.list.find((p: { userId: number }) => p.userId === userId);
}

describe("players at risk", () => {
  it("losses rising week over week, with the three weeks' losses", async () => {
    const op = await operatorLogin();
    const p = await playerWith(0);
    const now = Date.now();
    await pastBet(p.userId, now - 20 * DAY, 5_000, false);
    await pastBet(p.userId, now - 10 * DAY, 20_000, false);
    await pastBet(p.userId, now - 9 * DAY, 10_000, true);
    await pastBet(p.userId, now - 2 * DAY, 40_000, false);
    const marker = (await markersOf(op, p.userId)).find((m) => m.key === "lossesRising");
    // week 2: 200.00 lost, a 100.00 bet won 98.00 back: 102.00
    expect(marker?.figures).toEqual({ week3: 50, week2: 102, week1: 400 });
    expect((await listed(op, p.userId)).markers.map((m: { key: string }) => m.key)).toContain("lossesRising");
    // falling losses are no marker
    const q = await playerWith(0);
    await pastBet(q.userId, now - 20 * DAY, 40_000, false);
    await pastBet(q.userId, now - 10 * DAY, 20_000, false);
    await pastBet(q.userId, now - 2 * DAY, 5_000, false);
    expect(await markersOf(op, q.userId)).toEqual([]);
  });

  it("deposits after a loss limit was hit, from the refusal now kept", async () => {
    const op = await operatorLogin();
    const p = await playerWith(100_000);
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "loss", period: "day", money: 50 }));
    await placeOk(p.token, 1, [[0, 1.98, 40]]);
    expectError(await order(p.token, 1, [[1, 1.98, 20]]), 3002);
    expect(
      await (
        await playerD1(p.userId)
      )
        .prepare(`SELECT kind FROM ${quotedTable(protectionRefusals)} WHERE user_id = ?`)
        .bind(p.userId)
        .all(),
    ).toMatchObject({ results: [{ kind: "loss" }] });
    expectOk(
      await api("/api/Game/recharge", { ...(await paidInto()), token: p.token, money: "300", pay_name: "After Limit" }),
    );
    const marker = (await markersOf(op, p.userId)).find((m) => m.key === "depositAfterLossLimit");
    expect(marker?.figures).toMatchObject({ deposits: 1, money: 300 });
    expect(Date.now() - marker!.figures.hitAt).toBeLessThan(60_000);
    await expectMoneyInvariants();
  });

  it("play between 00:00 and 06:00 local time on most days played", async () => {
    const op = await operatorLogin();
    const p = await playerWith(0);
    const today = dayStartMs(Date.now());
    for (const back of [1, 2, 3, 5, 8]) await pastBet(p.userId, today - back * DAY + 2 * HOUR, 1_000, false);
    for (const back of [4, 6]) await pastBet(p.userId, today - back * DAY + 15 * HOUR, 1_000, false);
    const marker = (await markersOf(op, p.userId)).find((m) => m.key === "nightPlay");
    expect(marker?.figures).toEqual({ nightDays: 5, playDays: 7, days: 14 });
    // three nights out of seven days played is not most days
    const q = await playerWith(0);
    for (const back of [1, 2, 3]) await pastBet(q.userId, today - back * DAY + 2 * HOUR, 1_000, false);
    for (const back of [4, 5, 6, 8]) await pastBet(q.userId, today - back * DAY + 15 * HOUR, 1_000, false);
    expect((await markersOf(op, q.userId)).map((m) => m.key)).not.toContain("nightPlay");
  });

  it("repeated refusals at limits, counted by kind", async () => {
    const op = await operatorLogin();
    const p = await playerWith(10_000);
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "deposit", period: "day", money: 100 }));
    for (let i = 0; i < 3; i++)
      expectError(
        await api("/api/Game/recharge", {
          ...(await paidInto()),
          token: p.token,
          money: "150",
          pay_name: "Over Limit",
        }),
        3001,
      );
    const marker = (await markersOf(op, p.userId)).find((m) => m.key === "repeatedRefusals");
    expect(marker?.figures).toEqual({ refusals: 3, deposit: 3, loss: 0, stake: 0, excluded: 0, days: 7 });
  });

  it("a time-out ended and play resumed at once", async () => {
    const op = await operatorLogin();
    const p = await playerWith(10_000);
    const ended = Date.now() - 10 * 60_000;
    await (
      await playerD1(p.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.userId, ended - DAY, ended)
      .run();
    await placeOk(p.token, 1, [[0, 1.98, 20]]);
    const marker = (await markersOf(op, p.userId)).find((m) => m.key === "timeOutResumed");
    expect(marker?.figures.endedAt).toBe(ended);
    expect(marker?.figures.minutes).toBe(10);
    await expectMoneyInvariants();
  });

  it("record an operator's note, message or suggested limit, audited; refuse anything else", async () => {
    const op = await operatorLogin();
    const p = await playerWith(0);
    const answer = await api("/api/admin/risk/interact", {
      token: op,
      userId: p.userId,
      kind: "limit",
      text: "Suggested a weekly loss limit of 200.00",
    });
    expectOk(answer);
    expect(answer.data.interactions[0]).toMatchObject({
      kind: "limit",
      text: "Suggested a weekly loss limit of 200.00",
      operator: "admin",
    });
    expect(await auditRows("risk.limit", `user:${p.userId}`)).toHaveLength(1);
    expectError(await api("/api/admin/risk/interact", { token: op, userId: p.userId, kind: "bonus", text: "x" }), 1001);
    expectError(await api("/api/admin/risk/interact", { token: op, userId: p.userId, kind: "note", text: " " }), 1001);
    expectError(await api("/api/admin/risk/interact", { token: op, userId: 1, kind: "note", text: "house" }), 1002);
    expectError(
      await api("/api/admin/risk/interact", { token: p.token, userId: p.userId, kind: "note", text: "self" }),
      1073,
    );
    expect(await auditRows("risk.note", `user:${p.userId}`)).toHaveLength(0);
  });
});
