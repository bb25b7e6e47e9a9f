import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { addCoinAddress, balanceCents, PAY_PASSWORD, player, requestId, paidInto } from "./wallet-helpers";
import { everywhere, playerD1, rowD1 } from "./shard-helpers";
import { settings, depositRequests, auditLog, withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Deposits under the same four eyes as credits (docs/decisions/061-four-eyes-on-money.md): a largest
// deposit per request, a second operator above a threshold, what one operator approves alone counted in
// their rolling 24 hours with their credits, and whoever approved a player's deposit does not approve
// that player's withdrawal. Each test here failed on the code before them.

async function setSetting(key: string, value: unknown) {
  await env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES (?, ?)`)
    .bind(key, JSON.stringify(value))
    .run();
}
const clearSetting = (key: string) =>
  env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = ?`)
    .bind(key)
    .run();

async function deposit(token: string, money: string) {
  const answer = await api("/api/Game/recharge", {
    ...(await paidInto()),
    token,
    money,
    pay_name: "Le Van C",
    request_id: requestId(),
  });
  expectOk(answer);
  return answer.data.id as number;
}

const cashier = async () => (await secondOperator(true, "cashier")).signIn();
const approve = (token: string, id: number) => api("/api/admin/deposits/approve", { token, id });

describe("a largest deposit per request", () => {
  it("refuses a deposit above the largest at request time, in the player's language, writing nothing (1230)", async () => {
    const { token } = await player();
    const before = await count("deposit_requests");
    for (const [lang, words] of [
      ["en", "Deposits are limited to 1000000 per request"],
      ["chs", "每笔充值最多1000000"],
      ["cht", "每筆儲值最多1000000"],
      ["vi", "Mỗi lần nạp tối đa 1000000"],
    ]) {
      const answer = await api("/api/Game/recharge", {
        ...(await paidInto()),
        token,
        lang,
        money: "999999999999.99",
        pay_name: "A",
      });
      expectError(answer, 1230);
      expect(answer.data.num).toBe(1_000_000);
      expect(answer.info).toBe(words);
    }
    expectError(
      await api("/api/Game/recharge", { ...(await paidInto()), token, money: "1000000.01", pay_name: "A" }),
      1230,
    );
    expect(await count("deposit_requests")).toBe(before);
    await deposit(token, "1000000");
    await setSetting("deposit_max_cents", 500_000);
    expectError(
      await api("/api/Game/recharge", { ...(await paidInto()), token, money: "5000.01", pay_name: "A" }),
      1230,
    );
    await clearSetting("deposit_max_cents");
  });

  it("refuses to approve a deposit above the largest in force at approval (one filed before it was lowered)", async () => {
    const { token } = await player();
    const id = await deposit(token, "6000");
    await setSetting("deposit_max_cents", 500_000);
    const cashierToken = await cashier();
    expectError(await approve(cashierToken, id), 1230);
    const row = await rowD1(id)
      .prepare(`SELECT status, first_approved_by FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(id)
      .first<{ status: string; first_approved_by: number | null }>();
    expect(row).toEqual({ status: "pending", first_approved_by: null });
    await clearSetting("deposit_max_cents");
    expectOk(await approve(cashierToken, id));
    await expectMoneyInvariants();
  });
});

describe("a second operator above the threshold", () => {
  it("a large deposit waits for a second operator; its first approver cannot give the second (1232)", async () => {
    const { token, id } = await player();
    const request = await deposit(token, "50000");
    const [first, second] = [await cashier(), await cashier()];
    const asked = await approve(first, request);
    expectOk(asked);
    expect(asked.data).toMatchObject({ status: "pending", waitsBecause: "threshold" });
    expect(await balanceCents(id)).toBe(0);
    expectError(await approve(first, request), 1232);
    const queue = await api("/api/admin/deposits", { token: first, status: "pending" });
    expect(queue.data.list.find((r: { id: number }) => r.id === request)).toMatchObject({ refusedBecause: 1232 });
    const other = await api("/api/admin/deposits", { token: second, status: "pending" });
    expect(other.data.list.find((r: { id: number }) => r.id === request)).toMatchObject({ refusedBecause: null });
    const done = await approve(second, request);
    expectOk(done);
    expect(done.data.status).toBe("approved");
    expect(await balanceCents(id)).toBe(5_000_000);
    const audits = await everywhere(`SELECT action FROM ${quotedTable(auditLog)} WHERE target = ? ORDER BY id`)
      .bind(`deposit:${request}`)
      .all<{ action: string }>();
    expect(audits.results.map((r) => r.action)).toEqual(["deposit.approve.first", "deposit.approve"]);
    await expectMoneyInvariants();
  });

  it("two operators approving one large deposit at once credit it once, by two people", async () => {
    const { token, id } = await player();
    const request = await deposit(token, "30000");
    const [a, b] = [await cashier(), await cashier()];
    const answers = await Promise.all([approve(a, request), approve(b, request)]);
    answers.forEach(expectOk);
    expect(await balanceCents(id)).toBe(3_000_000);
    expect(await count("ledger", "idempotency_key = ?", `deposit:${request}`)).toBe(1);
    const row = await rowD1(request)
      .prepare(`SELECT first_approved_by, decided_by FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(request)
      .first<{ first_approved_by: number; decided_by: number }>();
    expect(row!.first_approved_by).not.toBe(row!.decided_by);
    await expectMoneyInvariants();
  });
});

describe("what one operator approves alone counts with their credits", () => {
  it("a deposit after a credit of the same player by the same operator waits (player_24h)", async () => {
    const { token, id } = await player();
    const desk = await cashier();
    expectOk(
      await api("/api/admin/adjust", {
        text: "correction",
        token: desk,
        userId: id,
        money: "6000",
        reason: "x",
        request_id: requestId(),
      }),
    );
    const request = await deposit(token, "5000");
    const answer = await approve(desk, request);
    expect(answer.data).toMatchObject({ status: "pending", waitsBecause: "player_24h" });
    expect(await balanceCents(id)).toBe(600_000);
    await expectMoneyInvariants();
  });

  it("parallel solo approvals never pass the operator's daily total together", async () => {
    await setSetting("adjust_operator_daily_cents", 1_500_000);
    const players = await Promise.all([player(), player(), player()]);
    const requests: number[] = [];
    for (const p of players) for (let i = 0; i < 2; i++) requests.push(await deposit(p.token, "5000"));
    const desk = await cashier();
    const answers = await Promise.all(requests.map((r) => approve(desk, r)));
    answers.forEach(expectOk);
    expect(answers.filter((a) => a.data.status === "approved")).toHaveLength(3);
    const waiting = answers.filter((a) => a.data.status === "pending");
    expect(waiting).toHaveLength(3);
    waiting.forEach((a) => expect(a.data.waitsBecause).toBe("operator_24h"));
    const total = (await Promise.all(players.map((p) => balanceCents(p.id)))).reduce((s, c) => s + c, 0);
    expect(total).toBe(1_500_000);
    await clearSetting("adjust_operator_daily_cents");
    await expectMoneyInvariants();
  });
});

describe("whoever approved a player's deposit does not approve their withdrawal", () => {
  it("refuses the cashier who approved the deposit (1231), and the first approver of a large one; a third operator approves", async () => {
    const { token, id } = await player();
    const [first, second, third] = [await cashier(), await cashier(), await cashier()];
    const large = await deposit(token, "20000");
    expectOk(await approve(first, large));
    expectOk(await approve(second, large));
    const small = await deposit(token, "100");
    expectOk(await approve(third, small));
    const card = await addCoinAddress(token);
    expectOk(
      await api("/api/Game/withdraw", {
        token,
        bank_id: card.id,
        money: "500",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const withdrawal = await (
      await playerD1(id)
    )
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(id)
      .first<{ id: number }>();
    // the queue says so on the card before anyone tries (docs/decisions/061)
    const queue = await api("/api/admin/withdrawals", { token: first, status: "pending" });
    expect(queue.data.list.find((r: { id: number }) => r.id === withdrawal!.id).refusedBecause).toBe(1231);
    for (const desk of [first, second, third])
      expectError(
        await api("/api/admin/withdrawals/approve", { token: desk, id: withdrawal!.id, payout_ref: "FT-TEST-0001" }),
        1231,
      );
    expect(await count("withdrawal_requests", "id = ? AND status = 'pending'", withdrawal!.id)).toBe(1);
    expectOk(
      await api("/api/admin/withdrawals/approve", {
        token: await cashier(),
        id: withdrawal!.id,
        payout_ref: "FT-TEST-0001",
      }),
    );
    await expectMoneyInvariants();
  });
});
