import { databasesOf } from "../worker/db/databases";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import enFinance from "../locales/en/finance.json";
import enWallet from "../locales/en/wallet.json";
import { api, count, expectError, expectMoneyInvariants, expectOk, registerPlayer } from "./helpers";
import { PAY_PASSWORD, auditCount, balanceCents, operator, player, requestId } from "./wallet-helpers";
import { accrueEveryShard } from "../worker/finance/accrue";
import worker from "../worker/index";
import { playerD1, rowD1 } from "./shard-helpers";
import { ledger, financeOrders } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const DAY = 86_400_000;
// the cron's accrual: every wallet shard, each its own batch (worker/finance/accrue.ts)
const accrue = (nowMs: number) => accrueEveryShard(databasesOf(env), nowMs);

const transferIn = (token: string, product_id: unknown, money: unknown, extra: Record<string, unknown> = {}) =>
  api("/api/Game/producttransferin", {
    token,
    product_id,
    money,
    pwd: PAY_PASSWORD,
    request_id: requestId(),
    ...extra,
  });

async function ledgerOf(userId: number, type?: string) {
  const rows = await (
    await playerD1(userId)
  )
    .prepare(
      `SELECT amount_cents, before_cents, after_cents, type, idempotency_key FROM ${quotedTable(ledger)} WHERE user_id = ? ${type ? "AND type = ?" : ""} ORDER BY id`,
    )
    .bind(...(type ? [userId, type] : [userId]))
    .all<{ amount_cents: number; before_cents: number; after_cents: number; type: string; idempotency_key: string }>();
  return rows.results;
}

/** Each row starts where the one before it ended: catch-up rows in one statement chain correctly. */
async function expectChained(userId: number) {
  const rows = await ledgerOf(userId);
  for (let i = 1; i < rows.length; i++) expect(rows[i].before_cents).toBe(rows[i - 1].after_cents);
}

async function ordersOf(token: string) {
  const answer = await api("/api/Game/getproductorders", { token });
  expectOk(answer);
  return answer.data.list as any[];
}

describe("finance tiers", () => {
  it("lists the four seeded tiers (docs/product.md#finance) with daily and yearly rates, to guests too", async () => {
    const answer = await api("/api/Game/getproductlist", {});
    expectOk(answer);
    expect(answer.data.min).toBe(100_000);
    // the most any tier takes: the open-ended top tier's ceiling (setting finance_open_max_cents)
    expect(answer.data.max).toBe(10_000_000);
    expect(answer.data.list).toEqual([
      {
        id: 1,
        titleKey: "primary",
        rate_ppm: 1500,
        rate: 0.15,
        yearRate: 54.75,
        min: 100_000,
        max: 300_000,
        upTo: 300_000,
        days: 15,
      },
      {
        id: 2,
        titleKey: "intermediate",
        rate_ppm: 3000,
        rate: 0.3,
        yearRate: 109.5,
        min: 300_000,
        max: 800_000,
        upTo: 800_000,
        days: 30,
      },
      {
        id: 3,
        titleKey: "advanced",
        rate_ppm: 8000,
        rate: 0.8,
        yearRate: 292,
        min: 800_000,
        max: 1_500_000,
        upTo: 1_500_000,
        days: 45,
      },
      {
        id: 4,
        titleKey: "super",
        rate_ppm: 13000,
        rate: 1.3,
        yearRate: 474.5,
        min: 1_500_000,
        max: null,
        upTo: 10_000_000,
        days: 60,
      },
    ]);
  });
});

describe("transfer-in", () => {
  it("needs a session", async () => {
    expectError(
      await api("/api/Game/producttransferin", { product_id: 1, money: "100000", pwd: PAY_PASSWORD }),
      1062,
      409,
    );
  });

  it("checks tier 1113, blank 1114, amount 1050/1042, the tier's own range 1111/1112 (quoted), password 2057, and writes nothing", async () => {
    const { token, id } = await player(2_000_000);
    const cases: [Record<string, unknown>, number, number?][] = [
      [{ product_id: undefined }, 1113],
      [{ product_id: 0 }, 1113],
      [{ product_id: "x" }, 1113],
      [{ product_id: 99 }, 1113],
      [{ money: "" }, 1114],
      [{ money: "   " }, 1114],
      [{ money: undefined }, 1114],
      [{ money: "ten" }, 1050],
      [{ money: "-5" }, 1050],
      [{ money: "0" }, 1042],
      [{ money: "0.00" }, 1042],
      [{ money: "99999.99" }, 1111, 100_000],
      [{ money: "1499999.99", product_id: 4 }, 1111, 1_500_000],
      [{ money: "10000000.01", product_id: 4 }, 1112, 10_000_000],
      [{ product_id: 2, money: "200000" }, 1111, 300_000],
      [{ product_id: 1, money: "300000.01" }, 1112, 300_000],
      [{ pwd: "" }, 2057],
      [{ pwd: "   " }, 2057],
    ];
    for (const [body, code, num] of cases) {
      const answer = await api("/api/Game/producttransferin", {
        token,
        product_id: 1,
        money: "150000",
        pwd: PAY_PASSWORD,
        ...body,
      });
      expectError(answer, code);
      if (num !== undefined) expect(answer.data.num).toBe(num);
    }
    expect(await count("finance_orders", "user_id = ?", id)).toBe(0);
    expect(await balanceCents(id)).toBe(200_000_000);
    await expectMoneyInvariants();
  });

  it("refuses without a withdrawal password (1080), with a wrong one (1033) and beyond the balance (1025)", async () => {
    const noPassword = await registerPlayer();
    expectError(await transferIn(noPassword.token, 1, "100000"), 1080);
    const { token, id } = await player(150_000);
    expectError(await transferIn(token, 1, "100000", { pwd: "wrong999" }), 1033);
    expectError(await transferIn(token, 3, "800000"), 1025);
    expect(await count("finance_orders", "user_id = ?", id)).toBe(0);
    expect(await balanceCents(id)).toBe(15_000_000);
    await expectMoneyInvariants();
  });

  it("locks the amount in one batch with the tier's terms, once per request_id, bounds included", async () => {
    const { token, id } = await player(1_700_000);
    const request_id = requestId();
    const first = await transferIn(token, 1, "100000", { request_id });
    expectOk(first);
    const again = await transferIn(token, 1, "100000", { request_id });
    expectOk(again);
    expect(again.data.id).toBe(first.data.id);
    expect(first.data).toMatchObject({
      product: 1,
      titleKey: "primary",
      principal: 100_000,
      rate: 0.15,
      days: 15,
      daysPaid: 0,
      interest: 0,
      dailyInterest: 150,
      totalInterest: 2250,
      status: "active",
    });
    expect(first.data.maturity - first.data.valueDate).toBe(15 * DAY);
    // days left read with "0 of 15 days paid"
    expect(first.data).toMatchObject({ daysLeft: 15, daysPaid: 0, days: 15 });
    // the top tier is open-ended: more than its least is taken (up to the operator's ceiling)
    expectOk(await transferIn(token, 4, "1500000.01"));
    expect(await balanceCents(id)).toBe(9_999_999);
    expect((await ledgerOf(id, "stake")).map((r) => r.amount_cents)).toEqual([-10_000_000, -150_000_001]);
    expect((await ordersOf(token)).map((o) => [o.titleKey, o.principal])).toEqual([
      ["super", 1_500_000.01],
      ["primary", 100_000],
    ]);
    await expectMoneyInvariants();
  });
});

describe("accrual and maturity", () => {
  it("pays one row per ended day, catches up missed days, pays nothing twice, returns the principal at maturity", async () => {
    const { token, id } = await player(200_000);
    const order = (await transferIn(token, 1, "200000")).data;
    const key = (day: number) => `interest:${order.id}:${day}`;
    const interestKeys = async () => (await ledgerOf(id, "interest")).map((r) => r.idempotency_key);

    await accrue(order.start + 60_000);
    await accrue(order.valueDate + DAY - 1);
    expect(await interestKeys()).toEqual([]);

    await accrue(order.valueDate + DAY);
    await accrue(order.valueDate + DAY + 5); // the doubled cron run
    expect(await interestKeys()).toEqual([key(1)]);
    expect(await balanceCents(id)).toBe(30_000);

    // Days 2 to 4 missed: all three arrive in one run, each with its own key.
    await accrue(order.valueDate + 4 * DAY + 3_600_000);
    expect(await interestKeys()).toEqual([key(1), key(2), key(3), key(4)]);
    expect((await ordersOf(token))[0]).toMatchObject({ daysPaid: 4, interest: 1200, status: "active" });
    await expectChained(id);
    await expectMoneyInvariants();

    await accrue(order.maturity - 1);
    expect(await count("ledger", "user_id = ? AND type = 'principal'", id)).toBe(0);
    await accrue(order.maturity);
    await accrue(order.maturity);
    await accrue(order.maturity + 30 * DAY);
    expect((await interestKeys()).length).toBe(15);
    expect((await ledgerOf(id, "principal")).map((r) => [r.amount_cents, r.idempotency_key])).toEqual([
      [20_000_000, `principal:${order.id}`],
    ]);
    expect(await balanceCents(id)).toBe(20_000_000 + 15 * 30_000);
    expect((await ordersOf(token))[0]).toMatchObject({ daysPaid: 15, interest: 4500, daysLeft: 0, status: "matured" });
    expect(await count("ledger", "user_id = 1 AND idempotency_key LIKE ?", `interest:${order.id}:%:house`)).toBe(15);
    expect(await count("ledger", "user_id = 1 AND idempotency_key = ?", `principal:${order.id}:house`)).toBe(1);
    // each row's reason: a key and parameters for the reader's language, and the same in English words
    const reasons = (
      await (
        await playerD1(id)
      )
        .prepare(
          `SELECT reason, reason_key, reason_params FROM ${quotedTable(ledger)} WHERE user_id = ? AND type IN ('stake', 'interest', 'principal') ORDER BY id`,
        )
        .bind(id)
        .all<{ reason: string; reason_key: string; reason_params: string }>()
    ).results;
    const words = (r: (typeof reasons)[number]) => {
      const params = JSON.parse(r.reason_params);
      if (params.product) params.product = enFinance.tiers[params.product as keyof typeof enFinance.tiers];
      return enWallet.reasons[r.reason_key as keyof typeof enWallet.reasons].replace(
        /\{\{(\w+)\}\}/g,
        (_, name: string) => String(params[name]),
      );
    };
    expect(reasons.map((r) => r.reason_key)).toEqual([
      "financeLockup",
      ...Array(15).fill("financeInterest"),
      "financePrincipal",
    ]);
    for (const r of reasons) expect(words(r)).toBe(r.reason);
    expect(JSON.parse(reasons[1].reason_params)).toEqual({ order: order.id, day: 1, days: 15 });
    await expectChained(id);
    await expectMoneyInvariants();
  });

  it("pays several orders of one player in one run with a correct before and after on every row", async () => {
    const { token, id } = await player(500_000);
    const a = (await transferIn(token, 1, "100000")).data;
    const b = (await transferIn(token, 2, "300000")).data;
    const result = await accrue(a.valueDate + 3 * DAY);
    expect(result.interestRows).toBeGreaterThanOrEqual(6);
    expect((await ledgerOf(id, "interest")).map((r) => [r.idempotency_key, r.amount_cents])).toEqual([
      [`interest:${a.id}:1`, 15_000],
      [`interest:${a.id}:2`, 15_000],
      [`interest:${a.id}:3`, 15_000],
      [`interest:${b.id}:1`, 90_000],
      [`interest:${b.id}:2`, 90_000],
      [`interest:${b.id}:3`, 90_000],
    ]);
    await expectChained(id);
    await expectMoneyInvariants();
  });
});

describe("the cron", () => {
  it("pays what is due at the real time, once however often it runs", async () => {
    const { token, id } = await player(100_000);
    const order = (await transferIn(token, 1, "100000")).data;
    // As if the order had been opened three days ago: two full days have ended since its value date.
    await rowD1(order.id)
      .prepare(
        `UPDATE ${quotedTable(financeOrders)} SET start_at_ms = start_at_ms - ?, end_at_ms = end_at_ms - ? WHERE id = ?`,
      )
      .bind(3 * DAY, 3 * DAY, order.id)
      .run();
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
      await waitOnExecutionContext(ctx);
    }
    expect((await ledgerOf(id, "interest")).map((r) => r.idempotency_key)).toEqual([
      `interest:${order.id}:1`,
      `interest:${order.id}:2`,
    ]);
    await expectMoneyInvariants();
  }, 60_000); // the cron also wakes every room

  it("pays what is due at its scheduled time, the moment the browser flows move to through wrangler dev's trigger", async () => {
    const { token, id } = await player(100_000);
    const order = (await transferIn(token, 1, "100000")).data;
    const runAt = async (scheduledTime: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await runAt(order.valueDate + DAY);
    expect((await ledgerOf(id, "interest")).map((r) => r.idempotency_key)).toEqual([`interest:${order.id}:1`]);
    await runAt(order.maturity);
    expect(await ledgerOf(id, "interest")).toHaveLength(15);
    expect(await ledgerOf(id, "principal")).toHaveLength(1);
    await expectMoneyInvariants();
  }, 60_000);
});

describe("operator finance desk", () => {
  it("edits a tier with an audit row; running orders keep their terms", async () => {
    const op = await operator();
    const { token, id } = await player(400_000);
    const before = (await transferIn(token, 1, "100000")).data;
    const edit = await api("/api/admin/products/update", {
      token: op,
      id: 1,
      rate_ppm: 2000,
      min: "100000",
      max: "300000",
      days: 20,
    });
    expectOk(edit);
    expect(edit.data).toMatchObject({ id: 1, rate: 0.2, days: 20 });
    expect(await auditCount("finance.tier.edit", "finance_product:1")).toBe(1);
    const after = (await transferIn(token, 1, "100000")).data;
    expect(after).toMatchObject({ rate: 0.2, days: 20, dailyInterest: 200 });
    expect((await ordersOf(token)).find((o) => o.id === before.id)).toMatchObject({ rate: 0.15, days: 15 });
    await accrue(after.valueDate + DAY);
    expect((await ledgerOf(id, "interest")).map((r) => r.amount_cents)).toEqual([15_000, 20_000]);
    expectOk(
      await api("/api/admin/products/update", {
        token: op,
        id: 1,
        rate_ppm: 1500,
        min: "100000",
        max: "300000",
        days: 15,
      }),
    );
    await expectMoneyInvariants();
  });

  it("refuses a player (1073), an unknown tier (1113), least above most (1115) and bad figures (1001/1050)", async () => {
    const op = await operator();
    const { token } = await player();
    const tier = { id: 2, rate_ppm: 3000, min: "300000", max: "800000", days: 30 };
    expectError(await api("/api/admin/products/update", { token, ...tier }), 1073);
    expectError(await api("/api/admin/products/update", { token: op, ...tier, id: 77 }), 1113);
    expectError(await api("/api/admin/products/update", { token: op, ...tier, min: "900000" }), 1115);
    expectError(await api("/api/admin/products/update", { token: op, ...tier, rate_ppm: 0 }), 1001);
    expectError(await api("/api/admin/products/update", { token: op, ...tier, rate_ppm: 100_001 }), 1001);
    expectError(await api("/api/admin/products/update", { token: op, ...tier, days: 0 }), 1001);
    expectError(await api("/api/admin/products/update", { token: op, ...tier, min: "abc" }), 1050);
    expect(await auditCount("finance.tier.edit", "finance_product:2")).toBe(0);
    expect((await api("/api/Game/getproductlist", {})).data.list[1]).toMatchObject({
      rate_ppm: 3000,
      min: 300_000,
      max: 800_000,
      upTo: 800_000,
      days: 30,
    });
  });

  it("sees every player's orders and runs accrual at the real time only, whatever time a body names", async () => {
    const op = await operator();
    const { token, id, username } = await player(100_000);
    const order = (await transferIn(token, 1, "100000")).data;
    const list = await api("/api/admin/productorders", { token: op, userId: id });
    expectOk(list);
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: order.id, userId: id, username, principal: 100_000 }),
    ]);
    expectError(await api("/api/admin/productorders", { token }), 1073);
    const run = await api("/api/admin/finance/accrue", { token: op });
    expectOk(run);
    expect(run.data).toMatchObject({ interestRows: 0, principalRows: 0 });
    // no route moves the finance clock: a time in the body (the flows' old test clock) pays nothing early
    const asked = await api("/api/admin/finance/accrue", { token: op, at: order.maturity });
    expectOk(asked);
    expect(asked.data).toMatchObject({ interestRows: 0, principalRows: 0 });
    expect(await count("ledger", "user_id = ? AND type IN ('interest', 'principal')", id)).toBe(0);
    await expectMoneyInvariants();
  });
});
