import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, login } from "../helpers";
import { PAY_PASSWORD, requestId } from "../wallet-helpers";
import { accrueEveryShard } from "../../worker/finance/accrue";
import {
  expectEveryShardBalanced,
  playersInShards,
  rowsOnlyIn,
  rowsWhere,
  shardedPlayer,
  shardD1,
} from "./move-helpers";
import { financeOrders, ledger } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Lock-ups over four wallet shards that are four databases (docs/decisions/161): the tier and the settings are
// the control database's, the order, the debit and the protection checks the player's shard's rows; the
// accrual runs in every shard, each shard's run its own idempotent batch.

const DAY = 86_400_000;

const transferIn = (token: string, product_id: number, money: number | string, extra: Record<string, unknown> = {}) =>
  api("/api/Game/producttransferin", {
    token,
    product_id,
    money,
    pwd: PAY_PASSWORD,
    request_id: requestId(),
    ...extra,
  });

describe("lock-ups in the player's shard", () => {
  it("locks funds with the control database's tier, the order and the debit in the player's shard only", async () => {
    const p = await shardedPlayer(300_000_00);
    const locked = await transferIn(p.token, 1, 250_000);
    expectOk(locked);
    // the tier's name, rate and days are copied from the control database's tier
    expect(locked.data).toMatchObject({ titleKey: "primary", principal: 250_000, status: "active" });
    expect(await rowsWhere("finance_orders", "user_id = ?", p.id)).toEqual(rowsOnlyIn(p.shard));
    expect(await rowsWhere("ledger", "user_id = ? AND type = 'stake'", p.id)).toEqual(rowsOnlyIn(p.shard, 1));
    const orders = await api("/api/Game/getproductorders", { token: p.token });
    expectOk(orders);
    expect(orders.data.list).toHaveLength(1);
    expect(orders.data.list[0]).toMatchObject({ id: locked.data.id, titleKey: "primary", principal: 250_000 });
    const assets = await api("/api/Game/getassets", { token: p.token });
    expectOk(assets);
    expect(assets.data).toMatchObject({ balance: 50_000, locked: 250_000, orders: 1, total: 300_000 });
    expect(assets.data.nextMaturity.principal).toBe(250_000);
    await expectEveryShardBalanced();
  });

  it("refuses in the player's shard: an unknown tier, a wrong withdrawal password, too little money, a time-out", async () => {
    const p = await shardedPlayer(150_000_00);
    expectError(await transferIn(p.token, 99, 100_000), 1113);
    expectError(await transferIn(p.token, 1, 100_000, { pwd: "wrong999" }), 1033);
    expectError(await transferIn(p.token, 2, 300_000), 1025);
    expectOk(await api("/api/game/selfexclude", { token: p.token, period: "24h", pwd: PAY_PASSWORD }));
    const restricted = await login(p.username, p.password);
    const refused = await transferIn(restricted, 1, 100_000);
    expect(refused.code).not.toBe(1);
    expect(await rowsWhere("finance_orders", "user_id = ?", p.id)).toEqual(rowsOnlyIn(p.shard, 0));
    await expectEveryShardBalanced();
  });

  it("accrues and matures every shard's lock-ups, each shard on its own, and never pays twice", async () => {
    const players = await playersInShards(3, 200_000_00);
    for (const p of players) expectOk(await transferIn(p.token, 1, 100_000));
    const start = Date.now();
    // three days on, two whole days have ended since the value date (the next day after the transfer)
    const run = await accrueEveryShard(databasesOf(env), start + 3 * DAY);
    expect(run.interestRows).toBeGreaterThanOrEqual(2 * players.length);
    for (const p of players)
      expect(await rowsWhere("ledger", "user_id = ? AND type = 'interest'", p.id)).toEqual(rowsOnlyIn(p.shard, 2));
    // a second run at the same time pays nothing in any shard
    expect(await accrueEveryShard(databasesOf(env), start + 3 * DAY)).toEqual({ interestRows: 0, principalRows: 0 });
    await expectEveryShardBalanced();

    // one shard refuses its batch: the others are paid, the error is raised, the next run catches it up
    const [stuck, ...others] = players;
    const d1 = shardD1(stuck.shard);
    await d1
      .prepare(
        "CREATE TRIGGER refuse_interest BEFORE INSERT ON ledger WHEN NEW.type = 'interest' BEGIN SELECT RAISE(ABORT, 'down'); END",
      )
      .run();
    await expect(accrueEveryShard(databasesOf(env), start + 4 * DAY)).rejects.toThrow();
    for (const p of others) expect(await interestDays(p)).toBe(3);
    expect(await interestDays(stuck)).toBe(2);
    await d1.prepare("DROP TRIGGER refuse_interest").run();
    await accrueEveryShard(databasesOf(env), start + 4 * DAY);
    for (const p of players) expect(await interestDays(p)).toBe(3);

    // past maturity (15 days): the principal comes back in each shard, with its notice, once
    await accrueEveryShard(databasesOf(env), start + 17 * DAY);
    await accrueEveryShard(databasesOf(env), start + 17 * DAY);
    for (const p of players) {
      expect(await rowsWhere("ledger", "user_id = ? AND type = 'principal'", p.id)).toEqual(rowsOnlyIn(p.shard, 1));
      const orders = await api("/api/Game/getproductorders", { token: p.token });
      expect(orders.data.list[0]).toMatchObject({ status: "matured", daysPaid: 15 });
      const assets = await api("/api/Game/getassets", { token: p.token });
      expect(assets.data).toMatchObject({ locked: 0, orders: 0 });
      expect(assets.data.balance).toBe(200_000 + 15 * 150);
    }
    await expectEveryShardBalanced();
  });

  it("runs the accrual of every shard from the cron", async () => {
    const p = await shardedPlayer(100_000_00);
    expectOk(await transferIn(p.token, 1, 100_000));
    const worker = (await import("../../worker/index")).default;
    const { createExecutionContext, createScheduledController, waitOnExecutionContext } =
      await import("cloudflare:test");
    // the order is moved three days back, as if the cron had missed them
    await shardD1(p.shard)
      .prepare(
        `UPDATE ${quotedTable(financeOrders)} SET start_at_ms = start_at_ms - ?, end_at_ms = end_at_ms - ? WHERE user_id = ?`,
      )
      .bind(3 * DAY, 3 * DAY, p.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController(), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await interestDays(p)).toBeGreaterThanOrEqual(2);
    // the live books; not today's books per day, which rightly see an order dated days before its own debit
    await expectEveryShardBalanced({ today: false });
  });
});

async function interestDays(p: { id: number; shard: number }) {
  const row = await shardD1(p.shard)
    .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)} WHERE user_id = ? AND type = 'interest'`)
    .bind(p.id)
    .first<{ n: number }>();
  return row!.n;
}
