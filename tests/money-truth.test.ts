import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { PAY_PASSWORD, auditCount, operator, player, requestId } from "./wallet-helpers";
import { currentRound, order, placeOk, playerWith } from "./rooms-helpers";
import { accrueEveryShard } from "../worker/finance/accrue";
import { playerD1, rowD1 } from "./shard-helpers";
import { financeOrders, bets } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Players always know where their money is: a lock-up is its own statement line and part of the
// total assets, never a loss.

async function lockUp(token: string, money: string, productId = 1) {
  const answer = await api("/api/Game/producttransferin", {
    token,
    product_id: productId,
    money,
    pwd: PAY_PASSWORD,
    request_id: requestId(),
  });
  expectOk(answer);
  return answer.data as { id: number; maturity: number; days: number; dailyInterest: number };
}

const statement = async (token: string) => (await api("/api/Game/getstatement", { token, type: "all" })).data;
const assets = async (token: string) => (await api("/api/Game/getassets", { token })).data;

describe("a lock-up on the statement and in the total assets", () => {
  it("shows the lock-up as its own line, not a loss, and the locked funds with their maturity", async () => {
    const p = await player(400_000);
    const order = await lockUp(p.token, "100000");
    const s = await statement(p.token);
    expect(s).toMatchObject({
      stakes: 0,
      awards: 0,
      net: 0,
      lockups: -100_000,
      principal: 0,
      interest: 0,
      other: 0,
      change: 300_000,
    });
    expect(s.deposits + s.adjustments).toBe(400_000);
    const a = await assets(p.token);
    expect(a).toEqual({
      balance: 300_000,
      // what can leave today: the balance within the day's cap (50,000 by default, shared/withdrawable.ts)
      withdrawable: 50_000,
      locked: 100_000,
      orders: 1,
      nextMaturity: { at: order.maturity, principal: 100_000 },
      total: 400_000,
      // a lock-up is not a wager: no turnover toward the next VIP level
      vip: { turnover: 0, next: { level: 2, levelKey: "silver", turnover: 1_000 } },
    });
  });

  it("lists interest and the principal returned at maturity; the total assets then grow by the interest only", async () => {
    const p = await player(400_000);
    const order = await lockUp(p.token, "100000");
    // As if locked a term ago: the cron's run now pays every day and returns the principal.
    const shift = order.maturity - Date.now() + 1000;
    await rowD1(order.id)
      .prepare(
        `UPDATE ${quotedTable(financeOrders)} SET start_at_ms = start_at_ms - ?, end_at_ms = end_at_ms - ? WHERE id = ?`,
      )
      .bind(shift, shift, order.id)
      .run();
    // The cron's run: a lock-up lives in its player's wallet shard, each shard paid on its own (docs/decisions/161).
    await accrueEveryShard(databasesOf(env), Date.now());
    const s = await statement(p.token);
    const interest = order.dailyInterest * order.days;
    expect(s).toMatchObject({ lockups: -100_000, principal: 100_000, interest, net: 0, other: 0 });
    expect(s.change).toBe(400_000 + interest);
    expect(await assets(p.token)).toMatchObject({
      balance: 400_000 + interest,
      locked: 0,
      orders: 0,
      nextMaturity: null,
      total: 400_000 + interest,
    });
    await expectMoneyInvariants();
  });

  it("names the order that matures first when several run", async () => {
    const p = await player(500_000);
    const first = await lockUp(p.token, "100000", 1);
    const second = await lockUp(p.token, "300000", 2);
    expect(second.maturity).toBeGreaterThan(first.maturity);
    expect(await assets(p.token)).toMatchObject({
      balance: 100_000,
      locked: 400_000,
      orders: 2,
      nextMaturity: { at: first.maturity, principal: 100_000 },
      total: 500_000,
    });
  });
});

describe("each finance tier's own range", () => {
  it("lets the operator set the open-ended tier's ceiling, audited, which the list states and the transfer-in keeps", async () => {
    const p = await player(50_000);
    expectError(await api("/api/admin/products/openmax", { token: p.token, max: "2000000" }), 1073);
    const audits = await auditCount("finance.openmax.edit", "settings");
    const set = await api("/api/admin/products/openmax", { token: await operator(), max: "2000000" });
    expectOk(set);
    expect(set.data).toEqual({ openMax: 2_000_000 });
    expect(await auditCount("finance.openmax.edit", "settings")).toBe(audits + 1);
    const list = (await api("/api/Game/getproductlist", {})).data;
    expect(
      list.list.map((t: { titleKey: string; max: number | null; upTo: number }) => [t.titleKey, t.max, t.upTo]),
    ).toEqual([
      ["primary", 300_000, 300_000],
      ["intermediate", 800_000, 800_000],
      ["advanced", 1_500_000, 1_500_000],
      ["super", null, 2_000_000],
    ]);
    expect(list).toMatchObject({ min: 100_000, max: 2_000_000 });
    const refused = await api("/api/Game/producttransferin", {
      token: p.token,
      product_id: 4,
      money: "2000000.01",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    });
    expectError(refused, 1112);
    expect(refused.data.num).toBe(2_000_000);
    expectError(await api("/api/admin/products/openmax", { token: await operator(), max: "0" }), 1050);
    expect(await count("settings", "key = 'finance_open_max_cents' AND value = '200000000'")).toBe(1);
    // the ceiling never goes below the open-ended tier's least (it would take only exactly that), nor that least above the ceiling
    const audited = await auditCount("finance.openmax.edit", "settings");
    const below = await api("/api/admin/products/openmax", { token: await operator(), max: "1499999.99" });
    expectError(below, 1201);
    expect(below.data.num).toBe(1_500_000);
    expectOk(await api("/api/admin/products/openmax", { token: await operator(), max: "1500000" }));
    const above = await api("/api/admin/products/update", {
      token: await operator(),
      id: 4,
      rate_ppm: 13_000,
      min: "1500000.01",
      max: "",
      days: 60,
    });
    expectError(above, 1202);
    expect(above.data.num).toBe(1_500_000);
    expect(await auditCount("finance.openmax.edit", "settings")).toBe(audited + 1);
    expect(await auditCount("finance.tier.edit", "finance_product:4")).toBe(0);
    expect(await count("settings", "key = 'finance_open_max_cents' AND value = '150000000'")).toBe(1);
    expect(await count("finance_products", "id = 4 AND min_cents = 150000000 AND max_cents IS NULL")).toBe(1);
    // back to the default for the other tests of this file
    expectOk(await api("/api/admin/products/openmax", { token: await operator(), max: "10000000" }));
  });
});

describe("a limit's refusal says what is left and when more is free", () => {
  it("answers the tightest limit's rest and the moment its oldest stake leaves the window, in the player's language", async () => {
    const p = await playerWith(100_000);
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 100 }));
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "week", money: 500 }));
    await placeOk(p.token, 1, [[0, 1.98, 70]]);
    const [{ created_at_ms: placedAt }] = (
      await (
        await playerD1(p.userId)
      )
        .prepare(`SELECT created_at_ms FROM ${quotedTable(bets)} WHERE user_id = ?`)
        .bind(p.userId)
        .all<{ created_at_ms: number }>()
    ).results;
    const refused = await order(p.token, 1, [[0, 1.98, 40]]);
    expectError(refused, 3003);
    expect(refused.data).toMatchObject({ period: "day", left: 30, resetsAt: placedAt + 86_400_000 });
    expect(refused.info).toMatch(
      /^This would pass your stake limit: 30\.00 left, more from \d{4}-\d\d-\d\d \d\d:\d\d UTC\+8$/,
    );
    const vi = await api("/api/Game/order", {
      token: p.token,
      roomid: 1,
      gameid: (await currentRound(1)).roundId,
      order_info: [[0, 1.98, 40]],
      lang: "vi",
    });
    expect(vi.info).toMatch(/còn lại 30\.00, thêm hạn mức từ \d{4}-/);
  });
});
