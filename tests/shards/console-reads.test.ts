import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectOk, operatorLogin, registerPlayer } from "../helpers";
import { PAY_PASSWORD, paidInto } from "../wallet-helpers";
import { shardOfId } from "../../worker/db/id-ranges";
import { type PageAt, mergedPage } from "../../worker/db/keyset";
import { pageAt, pagedList } from "../../worker/db/paging";
import { REQUEST_KEY_WIDTH, listDeposits, requestListKey } from "../../worker/wallet/requests";
import { toMoney } from "#shared/money";
import { accountDirectory } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The console's lists over four wallet shards that are four databases (docs/decisions/161, "Reads across
// shards"): players registered over the shards file their requests through the player API, which writes them in
// their shard; every console list shows each shard's rows once, in the list's order, across its pages.

const PLAYERS = 24; // more than a page of the players list and of the request queues (20)
const prefix = `rd${Date.now() % 100000}`;
type Player = { token: string; username: string; id: number; shard: number; depositId: number; depositAtMs: number };
const players: Player[] = [];

async function shardOf(id: number) {
  const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(id)
    .first<{ shard: number }>();
  return row!.shard;
}

beforeAll(async () => {
  for (let i = 0; i < PLAYERS; i++) {
    const p = await registerPlayer({ username: `${prefix}n${String(i).padStart(2, "0")}`, payPwd: PAY_PASSWORD });
    const info = await api("/api/Game/getuserinfo", { token: p.token });
    expectOk(info);
    expectOk(
      await api("/api/Game/recharge", {
        ...(await paidInto()),
        token: p.token,
        money: 100 + i,
        pay_name: "Nguyen Van A",
      }),
    );
    const list = await api("/api/Game/getRechargelist", { token: p.token, page: 1 });
    expectOk(list);
    const [deposit] = list.data.list;
    players.push({
      ...p,
      id: info.data.id,
      shard: await shardOf(info.data.id),
      depositId: deposit.id,
      depositAtMs: deposit.time,
    });
  }
  // each registration takes the least-filled shard: the lists below are only worth their name over several of them
  expect(new Set(players.map((p) => p.shard)).size).toBeGreaterThanOrEqual(3);
}, 300_000);

const byDepositTime = (a: Player, b: Player) => a.depositAtMs - b.depositAtMs || a.depositId - b.depositId;

/** Every page of a console list, following its next cursors. */
async function everyPage(path: string, token: string, body: Record<string, unknown>) {
  const rows: any[] = [];
  let after = "";
  for (let page = 0; page < 20; page++) {
    const answer = await api(path, { token, page: 1, ...body, ...(after ? { after } : {}) });
    expectOk(answer);
    rows.push(...answer.data.list);
    if (!answer.data.next) return rows;
    after = answer.data.next;
  }
  throw new Error(`${path}: more pages than expected`);
}

describe("the console's lists over wallet shards", () => {
  it("lists and searches the players of every shard once, newest first, across pages", async () => {
    const token = await operatorLogin();
    const listed = await everyPage("/api/admin/players", token, { query: prefix });
    const newestFirst = [...players].sort((a, b) => b.id - a.id);
    expect(listed.map((r) => r.id)).toEqual(newestFirst.map((p) => p.id));
    // name from the directory, the account's state from the player's shard
    expect(listed.every((r) => r.role === "player" && r.money === toMoney(0) && r.level === 1)).toBe(true);
    // a search finds a player whatever their shard: one of each shard by the whole name
    for (const shard of new Set(players.map((p) => p.shard))) {
      const one = players.find((p) => p.shard === shard)!;
      const found = await api("/api/admin/players", { token, page: 1, query: one.username });
      expectOk(found);
      expect(found.data.list.map((r: { id: number }) => r.id)).toEqual([one.id]);
    }
  });

  it("opens the file of a player in any shard", async () => {
    const token = await operatorLogin();
    for (const shard of new Set(players.map((p) => p.shard))) {
      const one = players.find((p) => p.shard === shard)!;
      const file = await api("/api/admin/players/get", { token, userId: one.id });
      expectOk(file);
      expect(file.data.user.username).toBe(one.username);
      expect(file.data.deposits.map((d: { id: number }) => d.id)).toEqual([one.depositId]);
    }
  });

  it("queues the pending deposits of every shard once, oldest first, across pages", async () => {
    const token = await operatorLogin();
    const queue = (await everyPage("/api/admin/deposits", token, { status: "pending" })).filter((r) =>
      r.username.startsWith(prefix),
    );
    // by time, then id (docs/decisions/163-merged-lists-follow-time.md), whatever the shard's id range
    const oldestFirst = [...players].sort(byDepositTime);
    expect(queue.map((r) => r.id)).toEqual(oldestFirst.map((p) => p.depositId));
    expect(new Set(queue.map((r) => shardOfId(r.id))).size).toBeGreaterThanOrEqual(3);
    // the history, newest first, has them too
    const history = (await everyPage("/api/admin/deposits", token, { status: "all" })).filter((r) =>
      r.username.startsWith(prefix),
    );
    expect(history.map((r) => r.id)).toEqual(oldestFirst.map((p) => p.depositId).reverse());
  });

  it("pages a merged list by cursor both ways and by number with small pages", async () => {
    const shards = databasesOf(env).wallets;
    const read = (at: PageAt) =>
      mergedPage(shards, at, "desc", requestListKey, (db, page) => listDeposits(db, { username: prefix, at: page }));
    const expected = [...players]
      .sort(byDepositTime)
      .reverse()
      .map((p) => p.depositId);
    const size = 5;
    // forward by cursor
    const forward: number[] = [];
    let last: { list: number[]; prev: string | null; next: string | null } = { list: [], prev: null, next: null };
    let after: number[] | null = null;
    for (;;) {
      const at = pageAt({ page: 1, after }, size, REQUEST_KEY_WIDTH);
      last = pagedList(await read(at), at, requestListKey, (r) => r.id);
      forward.push(...last.list);
      if (!last.next) break;
      after = last.next.split("_").map(Number);
    }
    expect(forward).toEqual(expected);
    // back from the last page by the prev cursors
    const backward: number[] = [];
    let before = last.prev?.split("_").map(Number) ?? null;
    while (before) {
      const at = pageAt({ page: 1, before }, size, REQUEST_KEY_WIDTH);
      const page = pagedList(await read(at), at, requestListKey, (r) => r.id);
      backward.unshift(...page.list);
      before = page.prev ? page.prev.split("_").map(Number) : null;
    }
    expect([...backward, ...last.list]).toEqual(expected);
    // by number: page 3 is the third five
    const at = pageAt({ page: 3 }, size, REQUEST_KEY_WIDTH);
    const third = pagedList(await read(at), at, requestListKey, (r) => r.id);
    expect(third.list).toEqual(expected.slice(10, 15));
    expect(third.hasMore).toBe(true);
  });
});
