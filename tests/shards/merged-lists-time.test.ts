import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "../helpers";
import { PAY_PASSWORD, addBank, requestId, paidInto } from "../wallet-helpers";
import { playersInShards, type ShardedPlayer } from "./move-helpers";
import { signedOperator } from "./console-decisions-helpers";
import { walletDatabases } from "../shard-helpers";
import { controlAndShards } from "../../worker/db/every-shard";
import { type PageAt, mergedPage } from "../../worker/db/keyset";
import { listDeposits, listWithdrawals, requestListKey } from "../../worker/wallet/requests";
import { financeOrderKey, listOrders } from "../../worker/finance/orders";
import { adjustmentKey, listPendingAdjustments } from "../../worker/wallet/adjustments";
import { auditKey, listAudit } from "../../worker/audit/log";
import { pagesBothWays } from "./paging-helpers";

// The console's merged lists follow time, not the shards' id ranges (docs/decisions/163-merged-lists-follow-time.md).
// Every shard hands out ids from a range of its own (shard k from k * 10^12), so a list merged by id puts every row
// of a higher shard before every row of a lower one. Here the players of the higher shards act first, each round
// in turn: their rows are the OLDER ones, with the larger ids. Every list must come back in the order of time.

const ROUNDS = 2;
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
let t0 = 0;
let players: ShardedPlayer[] = [];
/** Each list's rows, in the order they were written (oldest first). */
const made = { deposits: [] as number[], withdrawals: [] as number[], lockUps: [] as number[], asked: [] as number[] };
let asker = "";

beforeAll(async () => {
  // the highest shard first: its rows are written first, so they are the oldest
  players = (await playersInShards(3, 300_000_00)).sort((a, b) => b.shard - a.shard);
  asker = (await signedOperator("admin")).token;
  const banks = new Map<number, number>();
  for (const p of players) banks.set(p.id, (await addBank(p.token)).id);
  t0 = Date.now();
  for (let round = 0; round < ROUNDS; round++)
    for (const p of players) {
      const deposit = await api("/api/Game/recharge", {
        ...(await paidInto()),
        token: p.token,
        money: 100 + round,
        pay_name: "Le Van C",
      });
      expectOk(deposit);
      made.deposits.push(deposit.data.id);
      await tick();
      const bank_id = banks.get(p.id);
      const withdrawal = { token: p.token, bank_id, money: 10, pwd: PAY_PASSWORD, request_id: requestId() };
      expectOk(await api("/api/Game/withdraw", withdrawal));
      const own = await api("/api/Game/getWithdrawlist", { token: p.token, page: 1 });
      made.withdrawals.push(own.data.list[0].id);
      await tick();
      const lockUp = { token: p.token, product_id: 1, money: 100_000, pwd: PAY_PASSWORD, request_id: requestId() };
      const locked = await api("/api/Game/producttransferin", lockUp);
      expectOk(locked);
      made.lockUps.push(locked.data.id);
      await tick();
      const large = { token: asker, userId: p.id, money: 20_000, text: "correction", reason: "large" };
      const queued = await api("/api/admin/adjust", { ...large, request_id: requestId() });
      expect(queued.data).toMatchObject({ status: "pending" });
      made.asked.push(queued.data.id);
      await tick();
    }
}, 300_000);

/** Ids in the time order a list must follow, checked against the rows' own times (each written after the last). */
async function timeOrder(table: string, time: string, ids: number[]) {
  const rows: { id: number; t: number }[] = [];
  for (const d1 of walletDatabases()) {
    const marks = ids.map(() => "?").join(", ");
    const read = d1.prepare(`SELECT id, ${time} AS t FROM ${table} WHERE id IN (${marks})`).bind(...ids);
    rows.push(...(await read.all<{ id: number; t: number }>()).results);
  }
  const times = ids.map((id) => rows.find((r) => r.id === id)!.t);
  // the precondition of every test below: written one after the other, in time, and the oldest in a higher shard
  for (let i = 1; i < times.length; i++) expect(times[i], `${table} ${ids[i]}`).toBeGreaterThan(times[i - 1]);
  expect(ids[0]).toBeGreaterThan(ids[ids.length - 1]);
  return ids;
}

const shards = () => databasesOf(env).wallets;

// the set-up moved money (deposits approved, withdrawals held, lock-ups): the books hold after the file, whatever
// tests a filter ran
afterAll(expectMoneyInvariants);

describe("merged console lists in the order of time over wallet shards", () => {
  it("queues pending deposits oldest first and lists them newest first, whatever their shard", async () => {
    const oldestFirst = await timeOrder("deposit_requests", "created_at_ms", made.deposits);
    const token = await operatorLogin();
    const queue = await api("/api/admin/deposits", { token, page: 1, status: "pending" });
    expectOk(queue);
    const mine = (list: { id: number }[]) => list.map((r) => r.id).filter((id) => made.deposits.includes(id));
    expect(mine(queue.data.list)).toEqual(oldestFirst);
    const history = await api("/api/admin/deposits", { token, page: 1, status: "all" });
    expect(mine(history.data.list)).toEqual([...oldestFirst].reverse());

    const pending = (at: PageAt) =>
      mergedPage(shards(), at, "asc", requestListKey, (db, page) =>
        listDeposits(db, { status: "pending", oldestFirst: true, fromMs: t0, at: page }),
      );
    expect(await pagesBothWays(pending, requestListKey, 2)).toEqual({ forward: oldestFirst, backward: oldestFirst });
    const newest = (at: PageAt) =>
      mergedPage(shards(), at, "desc", requestListKey, (db, page) => listDeposits(db, { fromMs: t0, at: page }));
    const newestFirst = [...oldestFirst].reverse();
    expect(await pagesBothWays(newest, requestListKey, 4)).toEqual({ forward: newestFirst, backward: newestFirst });
  });

  it("serves the first page for a cursor of the old form (an id alone), next or previous", async () => {
    const token = await operatorLogin();
    const first = await api("/api/admin/deposits", { token, page: 1, status: "all" });
    expectOk(first);
    const oldCursor = String(made.deposits[2]);
    for (const cursor of [{ after: oldCursor }, { before: oldCursor }]) {
      const answer = await api("/api/admin/deposits", { token, page: 1, status: "all", ...cursor });
      expectOk(answer);
      expect(answer.data.list).toEqual(first.data.list);
      expect(answer.data.prev).toBeNull();
    }
    // its page number labelled a page that no longer follows from it
    const labelled = await api("/api/admin/deposits", { token, page: 3, status: "all", after: oldCursor });
    expect(labelled.data).toMatchObject({ page: 1, list: first.data.list });
    const audit = await api("/api/admin/audit", { token, page: 1, after: `${made.deposits[0]}_1` });
    expectOk(audit);
    expect(audit.data.list).toEqual((await api("/api/admin/audit", { token, page: 1 })).data.list);
  });

  it("queues pending withdrawals oldest first and lists them newest first, whatever their shard", async () => {
    const oldestFirst = await timeOrder("withdrawal_requests", "created_at_ms", made.withdrawals);
    const token = (await signedOperator("cashier")).token;
    const queue = await api("/api/admin/withdrawals", { token, page: 1, status: "pending" });
    expectOk(queue);
    expect(queue.data.list.map((r: { id: number }) => r.id)).toEqual(oldestFirst);
    const pending = (at: PageAt) =>
      mergedPage(shards(), at, "asc", requestListKey, (db, page) =>
        listWithdrawals(db, { status: "pending", oldestFirst: true, fromMs: t0, at: page }),
      );
    expect(await pagesBothWays(pending, requestListKey, 4)).toEqual({ forward: oldestFirst, backward: oldestFirst });
    const newestFirst = [...oldestFirst].reverse();
    const newest = (at: PageAt) =>
      mergedPage(shards(), at, "desc", requestListKey, (db, page) => listWithdrawals(db, { fromMs: t0, at: page }));
    expect(await pagesBothWays(newest, requestListKey, 2)).toEqual({ forward: newestFirst, backward: newestFirst });
  });

  it("lists lock-ups newest first by their start, whatever their shard", async () => {
    const newestFirst = [...(await timeOrder("finance_orders", "start_at_ms", made.lockUps))].reverse();
    const token = await operatorLogin();
    const list = await api("/api/admin/productorders", { token, page: 1, status: "all" });
    expectOk(list);
    expect(list.data.list.map((r: { id: number }) => r.id)).toEqual(newestFirst);
    const read = (at: PageAt) =>
      mergedPage(shards(), at, "desc", financeOrderKey, (db, page) => listOrders(db, { at: page }));
    expect(await pagesBothWays(read, financeOrderKey, 4)).toEqual({ forward: newestFirst, backward: newestFirst });
    // a player's own list, in their shard, keeps the same order
    const own = await api("/api/Game/getproductorders", { token: players[0].token, page: 1 });
    const theirs = newestFirst.filter((id) => Math.floor(id / 1e12) === Math.floor(own.data.list[0].id / 1e12));
    expect(own.data.list.map((r: { id: number }) => r.id)).toEqual(theirs);
  });

  it("queues the adjustments waiting for a second operator oldest first, whatever their shard", async () => {
    const oldestFirst = await timeOrder("adjustment_requests", "created_at_ms", made.asked);
    const token = await operatorLogin();
    const queue = await api("/api/admin/adjustments", { token, page: 1 });
    expectOk(queue);
    expect(queue.data.list.map((r: { id: number }) => r.id)).toEqual(oldestFirst);
    const read = (at: PageAt) => mergedPage(shards(), at, "asc", adjustmentKey, listPendingAdjustments);
    expect(await pagesBothWays(read, adjustmentKey, 4)).toEqual({ forward: oldestFirst, backward: oldestFirst });
  });

  it("shows the newest deposit approval first in the audit log, whatever its shard", async () => {
    const token = await operatorLogin();
    for (const id of made.deposits) {
      expectOk(await api("/api/admin/deposits/approve", { token, id }));
      await tick();
    }
    await expectMoneyInvariants();
    const log = await api("/api/admin/audit", { token, page: 1, action: "deposit.approve" });
    expectOk(log);
    // an approval's target is the request it decided (deposit:<id>)
    const approved = (rows: { target: string }[]) => rows.map((r) => Number(r.target.split(":")[1]));
    const newestFirst = [...made.deposits].reverse();
    expect(approved(log.data.list)).toEqual(newestFirst);
    const control = databasesOf(env).control;
    const read = async (at: PageAt) =>
      listAudit(control, await controlAndShards(databasesOf(env)), { action: "deposit.approve", fromMs: t0, at });
    const paged = await pagesBothWays(read, auditKey, 4, (r) => r);
    expect(approved(paged.forward)).toEqual(newestFirst);
    expect(approved(paged.backward)).toEqual(newestFirst);
  });
});
