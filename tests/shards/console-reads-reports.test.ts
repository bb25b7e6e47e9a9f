import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin, registerPlayer } from "../helpers";
import { rowsEverywhere } from "../shard-helpers";
import { walletBindings } from "../../worker/db/shards";
import { shardOfId } from "../../worker/db/id-ranges";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { toMoney } from "#shared/money";
import { requestRef } from "#shared/request-ref";
import { paidInto } from "../wallet-helpers";
import {
  ledger as ledgerTable,
  users,
  depositRequests,
  accountDirectory,
  adjustmentRequests,
  auditLog,
  rooms,
  games,
  rounds as roundsTable,
  orders,
  bets,
} from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The console's reports, charts, round board and CSV exports over four wallet shards that are four databases
// (docs/decisions/161): each shard's figures add up, each export holds every shard's rows once, in order, under
// the same columns. Deposits are filed through the player API (in the player's shard); their approval and the
// bets are written in the shards as those calls write them (the console's decisions and the orders across
// shards are built beside this).

const shards = () => walletBindings(env);
const shardOf = (p: { shard: number }) => shards()[p.shard];
type Player = { id: number; username: string; shard: number; depositId: number; amountCents: number };
const players: Player[] = [];
let operatorId = 0;
const today = formatDate(Date.now());

/** An approved deposit booked in its shard: the request decided, the player's top-up and its house mirror. */
async function approveInShard(p: Player) {
  const d1 = shards()[p.shard];
  const key = `deposit:${p.depositId}`;
  const now = Date.now();
  const row = (userId: number, amount: number, k: string) =>
    d1
      .prepare(
        `INSERT INTO ${quotedTable(ledgerTable)} (user_id, amount_cents, before_cents, after_cents, type, reason, ref, idempotency_key, created_at_ms)
         SELECT id, ?, money_cents, money_cents + ?, 'topup', 'Deposit approved', ?, ?, ? FROM ${quotedTable(users)} WHERE id = ?`,
      )
      .bind(amount, amount, `deposit:${p.depositId}`, k, now, userId);
  await d1.batch([
    d1
      .prepare(
        `UPDATE ${quotedTable(depositRequests)} SET status = 'approved', decided_by = ?, decided_at_ms = ? WHERE id = ?`,
      )
      .bind(operatorId, now, p.depositId),
    row(p.id, p.amountCents, key),
    row(1, -p.amountCents, `${key}:house`),
    d1.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + ? WHERE id = ?`).bind(p.amountCents, p.id),
    d1.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents - ? WHERE id = 1`).bind(p.amountCents),
  ]);
}

beforeAll(async () => {
  operatorId = (await env.DB.prepare(`SELECT id FROM ${quotedTable(users)} WHERE username = 'admin'`).first<{
    id: number;
  }>())!.id;
  const seen = new Set<number>();
  for (let i = 0; i < 40 && (seen.size < 3 || players.length < 6); i++) {
    const p = await registerPlayer();
    const info = await api("/api/Game/getuserinfo", { token: p.token });
    expectOk(info);
    const amount = 150 + i;
    expectOk(
      await api("/api/Game/recharge", {
        ...(await paidInto()),
        token: p.token,
        money: amount,
        pay_name: "Nguyen Van A",
      }),
    );
    const list = await api("/api/Game/getRechargelist", { token: p.token, page: 1 });
    expectOk(list);
    const dir = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
      .bind(info.data.id)
      .first<{ shard: number }>();
    const player = {
      id: info.data.id,
      username: p.username,
      shard: dir!.shard,
      depositId: list.data.list[0].id,
      amountCents: amount * 100,
    };
    players.push(player);
    seen.add(player.shard);
    await approveInShard(player);
  }
  expect(seen.size).toBeGreaterThanOrEqual(3);
}, 300_000);

async function exportCsv(kind: string) {
  const token = await operatorLogin();
  const response = await exports.default.fetch("https://app.test/api/admin/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, kind, from: today, to: today }),
  });
  expect(response.status).toBe(200);
  const lines = (await response.text()).split("\r\n").filter(Boolean);
  const header = lines[0].split(",");
  return {
    header,
    rows: lines.slice(1).map((line) => Object.fromEntries(line.split(",").map((v, i) => [header[i], v]))),
  };
}

const sumOf = (cents: number[]) => cents.reduce((a, b) => a + b, 0);

describe("the console's reports over wallet shards", () => {
  it("add every shard's deposits into the day's totals and the cash chart", async () => {
    const token = await operatorLogin();
    const totals = await api("/api/admin/totals", { token, page: 1 });
    expectOk(totals);
    const day = totals.data.days[0];
    expect(day.day).toBe(today);
    const deposited = sumOf(players.map((p) => p.amountCents));
    expect(day.deposits).toBe(toMoney(deposited));
    const charts = await api("/api/admin/charts", { token, days: 30 });
    expectOk(charts);
    const cash = charts.data.cash.find((d: { day: string }) => d.day === today);
    expect(cash).toMatchObject({ deposits: toMoney(deposited), depositCount: players.length });
    await expectMoneyInvariants();
  });

  it("count the pending requests of every shard in the chart of waiting times", async () => {
    const token = await operatorLogin();
    const pending = players.slice(0, 3);
    for (const p of pending)
      await shardOf(p)
        .prepare(
          `INSERT INTO ${quotedTable(adjustmentRequests)} (user_id, amount_cents, reason, requested_by, created_at_ms) VALUES (?, 100, 'test', ?, ?)`,
        )
        .bind(p.id, operatorId, Date.now())
        .run();
    const charts = await api("/api/admin/charts", { token, days: 30 });
    expectOk(charts);
    expect(charts.data.pending.adjustments.count).toBe(pending.length);
  });

  it("export the ledger and the deposits of every shard once, in order, under one header", async () => {
    const ledger = await exportCsv("ledger");
    expect(ledger.header[0]).toBe("id");
    const expected: number[] = [];
    for (const d1 of shards()) {
      const rows = await d1.prepare(`SELECT id FROM ${quotedTable(ledgerTable)}`).all<{ id: number }>();
      expected.push(...rows.results.map((r) => r.id));
    }
    const ids = ledger.rows.map((r) => Number(r.id));
    expect(ids.slice().sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(new Set(ids.map(shardOfId)).size).toBeGreaterThanOrEqual(3);
    // by time, then id
    const times = ledger.rows.map((r) => r.time);
    expect(times).toEqual([...times].sort());

    const deposits = await exportCsv("deposits");
    // each named by its reference, whatever shard's range its id is from
    const ours = deposits.rows.filter((r) => players.some((p) => requestRef("deposit", p.depositId) === r.reference));
    expect(ours).toHaveLength(players.length);
    // never a 13-digit internal id, in any cell but the player's own id
    expect(ours.every((r) => Object.entries(r).every(([k, v]) => k === "user_id" || !/^\d{13}$/.test(v)))).toBe(true);
    // the operator who decided, named from the directory in the control database
    expect(ours.every((r) => r.decided_by === "admin" && r.status_code === "approved")).toBe(true);
  });
});

describe("the audit export over the control database and the shards", () => {
  it("holds each database's rows once, where shard 0 is the control database or a database of its own", async () => {
    // the audit of a money move in the player's shard, beside the control database's own rows (the sign-ins)
    for (const p of players)
      await shardOf(p)
        .prepare(
          `INSERT INTO ${quotedTable(auditLog)} (actor_id, action, target, created_at_ms) VALUES (?, 'deposit.approve', ?, ?)`,
        )
        .bind(operatorId, `deposit:${p.depositId}`, Date.now())
        .run();
    const audit = await exportCsv("audit");
    const start = dayStartMs(Date.now());
    const expected = await rowsEverywhere<{ id: number }>(
      `SELECT id FROM ${quotedTable(auditLog)} WHERE created_at_ms >= ? AND created_at_ms < ?`,
      start,
      start + DAY_MS,
    );
    const byId = (a: number, b: number) => a - b;
    // the id is the first column, before any value the CSV quotes
    expect(audit.rows.map((r) => Number(r.id)).sort(byId)).toEqual(expected.map((r) => r.id).sort(byId));
    expect(expected.length).toBeGreaterThan(players.length);
  });
});

describe("the round board and a room's rounds over wallet shards", () => {
  it("add the bets of every shard on a round", async () => {
    // a voided round of its own (a room's live rounds settle on their clock): its bets refunded in each shard
    const room = await env.DB.prepare(
      `SELECT r.id, g.type FROM ${quotedTable(rooms)} r JOIN ${quotedTable(games)} g ON g.id = r.game_id ORDER BY r.id LIMIT 1`,
    ).first<{
      id: number;
      type: number;
    }>();
    const at = Date.now() - 60_000;
    const round = await env.DB.prepare(
      `INSERT INTO ${quotedTable(roundsTable)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status, void_reason, voided_by)
       VALUES (?, 900000, ?, ?, ?, ?, 'test', 'void', 'operator', ?) RETURNING id`,
    )
      .bind(room!.id, room!.type, at - 60_000, at - 10_000, at, operatorId)
      .first<{ id: number }>();
    const staked = players.map((p, i) => ({ p, cents: 1000 + i }));
    for (const { p, cents } of staked) {
      const d1 = shards()[p.shard];
      const ordersn = `t${p.id}${Date.now()}`;
      await d1.batch([
        d1
          .prepare(
            `INSERT INTO ${quotedTable(orders)} (ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .bind(ordersn, p.id, room!.id, round!.id, cents, at - 30_000),
        d1
          .prepare(
            `INSERT INTO ${quotedTable(bets)} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, award_cents, isaward, created_at_ms)
             SELECT id, ?, ?, 0, 1980, ?, ?, 2, ? FROM ${quotedTable(orders)} WHERE ordersn = ?`,
          )
          .bind(p.id, round!.id, cents, cents, at - 30_000, ordersn),
      ]);
    }
    const refunded = toMoney(sumOf(staked.map((s) => s.cents)));
    const token = await operatorLogin();
    const board = await api("/api/admin/rounds/board", { token, status: "void", page: 1 });
    expectOk(board);
    const row = board.data.list.find((r: { id: number }) => r.id === round!.id);
    expect(row).toMatchObject({ bets: staked.length, stakes: refunded, voidedBy: "admin" });
    const rounds = await api("/api/admin/rounds", { token, roomId: room!.id, page: 1 });
    expectOk(rounds);
    const ofRoom = rounds.data.list.find((r: { id: number }) => r.id === round!.id);
    expect(ofRoom).toMatchObject({ bets: staked.length, refunded });
  });
});

describe("the figures by draw day over wallet shards", () => {
  it("count each shard's bets on the day their round was drawn, where round ids and draw days interleave", async () => {
    const room = await env.DB.prepare(
      `SELECT r.id, g.type FROM ${quotedTable(rooms)} r JOIN ${quotedTable(games)} g ON g.id = r.game_id ORDER BY r.id LIMIT 1 OFFSET 1`,
    ).first<{ id: number; type: number }>();
    const yesterday = dayStartMs(Date.now()) - 60 * 60_000;
    const now = Date.now() - 60_000;
    // ids in this order: drawn yesterday, today, yesterday (a slow round of a room opened before the other's)
    const draws = [yesterday, now, yesterday - 60_000];
    const rounds: number[] = [];
    for (const [i, drawAt] of draws.entries()) {
      const row = await env.DB.prepare(
        `INSERT INTO ${quotedTable(roundsTable)} (room_id, seqno, game_type, open_at_ms, close_at_ms, draw_at_ms, "commit", status, settled_at_ms)
         VALUES (?, ?, ?, ?, ?, ?, 'test', 'settled', ?) RETURNING id`,
      )
        .bind(room!.id, 910_000 + i, room!.type, drawAt - 120_000, drawAt - 10_000, drawAt, drawAt)
        .first<{ id: number }>();
      rounds.push(row!.id);
    }
    const stake = (p: Player, r: number) => 100 * (r + 1) + (p.id % 7);
    for (const p of players) {
      const d1 = shards()[p.shard];
      for (const [r, roundId] of rounds.entries()) {
        const ordersn = `d${p.id}r${roundId}`;
        await d1.batch([
          d1
            .prepare(
              `INSERT INTO ${quotedTable(orders)} (ordersn, user_id, room_id, round_id, total_cents, created_at_ms) VALUES (?, ?, ?, ?, ?, ?)`,
            )
            .bind(ordersn, p.id, room!.id, roundId, stake(p, r), draws[r] - 60_000),
          d1
            .prepare(
              `INSERT INTO ${quotedTable(bets)} (order_id, user_id, round_id, option_index, odds_milli, stake_cents, award_cents, isaward, created_at_ms)
               SELECT id, ?, ?, 0, 1980, ?, 0, 0, ? FROM ${quotedTable(orders)} WHERE ordersn = ?`,
            )
            .bind(p.id, roundId, stake(p, r), draws[r] - 60_000, ordersn),
        ]);
      }
    }
    const onDay = (r: number) => sumOf(players.map((p) => stake(p, r)));
    const token = await operatorLogin();
    const totals = await api("/api/admin/totals", { token, page: 1 });
    expectOk(totals);
    const [todays, yesterdays] = totals.data.days;
    expect(todays).toMatchObject({ day: today, turnover: toMoney(onDay(1)), activePlayers: players.length });
    expect(yesterdays).toMatchObject({ turnover: toMoney(onDay(0) + onDay(2)), activePlayers: players.length });
    const charts = await api("/api/admin/charts", { token, days: 30, roomId: room!.id });
    expectOk(charts);
    const play = (day: string) => charts.data.play.find((d: { day: string }) => d.day === day);
    expect(play(today)).toMatchObject({ turnover: toMoney(onDay(1)), players: players.length });
    expect(play(yesterdays.day)).toMatchObject({ turnover: toMoney(onDay(0) + onDay(2)) });
    await expectMoneyInvariants();
  });
});
