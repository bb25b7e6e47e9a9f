import { exports } from "cloudflare:workers";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { PAY_PASSWORD, addBank, addCoinAddress, player, requestId, paidInto } from "./wallet-helpers";
import { requestRef } from "#shared/request-ref";
import { formatDate } from "#shared/days";
import { playerD1 } from "./shard-helpers";
import { settings, withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// What the console's CSV files name, read as an operator reads them: a request by its one reference
// (docs/decisions/173), the account a withdrawal is paid to as the player's list writes it (the bank and the
// last four of its number, or the coin and the ends of its address), never an internal key or row id.

type Row = Record<string, string>;

async function exportRows(token: string, kind: string, lang = "en") {
  const today = formatDate(Date.now());
  const response = await exports.default.fetch("https://app.test/api/admin/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, kind, from: today, to: today, lang }),
  });
  expect(response.status).toBe(200);
  return parse(await response.text(), { columns: true, skip_empty_lines: true }) as Row[];
}

/** A key the code writes for itself: "deposit:12", "wd:7:r1f…", "withdraw-refund:3", "operator:1+2". */
const INTERNAL_KEY = /^[a-z][a-z-]*:/;

async function withdrawalsOf(userId: number) {
  const { results } = await (
    await playerD1(userId)
  )
    .prepare(
      `SELECT id, idempotency_key AS idempotencyKey, bank_card_id AS cardId FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ? ORDER BY id`,
    )
    .bind(userId)
    .all<{ id: number; idempotencyKey: string; cardId: number }>();
  return results;
}

describe("what the CSV exports name", () => {
  it("the ledger names a request's rows by its reference, the others by their words, and writes no internal key", async () => {
    const admin = await operatorLogin();
    const p = await player(100);
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: "50",
      pay_name: "Payer",
    });
    expectOk(deposit);
    expectOk(await api("/api/admin/deposits/approve", { token: admin, id: deposit.data.id }));
    const card = await addBank(p.token);
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: card.id,
        money: "30",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const [withdrawal] = await withdrawalsOf(p.id);
    expectOk(await api("/api/admin/withdrawals/reject", { token: admin, id: withdrawal.id, note: "#accountMismatch" }));
    const D = requestRef("deposit", deposit.data.id);
    const W = requestRef("withdrawal", withdrawal.id);

    const rows = await exportRows(admin, "ledger");
    expect(Object.keys(rows[0])).not.toContain("ref");
    expect(Object.keys(rows[0])).not.toContain("key");
    expect(Object.keys(rows[0])).toContain("reference");
    const mine = rows.filter((r) => r.user_id === String(p.id));
    // the credit by hand (by its adjustment's reference, docs/decisions/195), the deposit, the withdrawal's hold and
    // its refund
    expect(mine.map((r) => [r.kind_code, r.reference])).toEqual([
      ["topup", expect.stringMatching(/^A\d-[0-9A-Z]{4,}$/)],
      ["topup", D],
      ["wait", W],
      ["redo", W],
    ]);
    // the hold reads as the player's statement reads it: the withdrawal, by its reference
    expect(mine[2].reason).toBe(`Withdrawal ${W}`);
    expect(mine[3].reason).toBe(`Withdrawal ${W} rejected, refunded`);
    // in the operator's language, as the Chinese statement words it
    const chinese = (await exportRows(admin, "ledger", "chs")).filter((r) => r.user_id === String(p.id));
    expect(chinese[2]).toMatchObject({ reason: `提现 ${W}`, reason_code: "withdrawalOf", reference: W });
    // the house's side of each is named by the same reference
    const house = rows.filter((r) => r.user_id === "1");
    expect(house.filter((r) => r.reference === D).map((r) => r.amount)).toEqual(["-50.00"]);
    expect(house.filter((r) => r.reference === W).map((r) => r.amount)).toEqual(["30.00", "-30.00"]);
    for (const row of rows)
      for (const cell of Object.values(row)) {
        expect(cell, JSON.stringify(row)).not.toMatch(INTERNAL_KEY);
        expect(cell).not.toContain(withdrawal.idempotencyKey);
      }
    await expectMoneyInvariants();
  });

  it("a withdrawal names the account it is paid to as the player's list writes it, never the account's row id", async () => {
    const admin = await operatorLogin();
    const p = await player(100);
    const bank = await addBank(p.token, { bank: "Vietcombank" });
    const coin = await addCoinAddress(p.token);
    // a bank's name is the player's own text: one a spreadsheet would run stays text
    const q = await player(100);
    const formula = await addBank(q.token, { bank: '=HYPERLINK("x")' });
    for (const [token, card] of [
      [p.token, bank],
      [p.token, coin],
      [q.token, formula],
    ] as const)
      expectOk(
        await api("/api/Game/withdraw", {
          token,
          bank_id: card.id,
          money: "10",
          pwd: PAY_PASSWORD,
          request_id: requestId(),
        }),
      );
    const asked = [...(await withdrawalsOf(p.id)), ...(await withdrawalsOf(q.id))];
    const rows = await exportRows(admin, "withdrawals");
    expect(Object.keys(rows[0])).not.toContain("bank_card_id");
    expect(Object.keys(rows[0])).toContain("pay_to");
    const payTo = (cardId: number) =>
      rows.find((r) => r.reference === requestRef("withdrawal", asked.find((w) => w.cardId === cardId)!.id))!.pay_to;
    expect(payTo(bank.id)).toBe(`Vietcombank •••• ${bank.account.slice(-4)}`);
    expect(payTo(coin.id)).toBe(`USDT ${coin.address.slice(0, 6)}…${coin.address.slice(-6)}`);
    expect(payTo(formula.id)).toBe(`'=HYPERLINK("x") •••• ${formula.account.slice(-4)}`);
    await expectMoneyInvariants();
  });

  it("names the operators who approved first, decided and acted, from the control database where their accounts are", async () => {
    // the players' rows are in their wallet shards, the operators' accounts in the control database only: the shard's
    // query answers their ids, and the export names them (docs/decisions/176)
    const admin = await operatorLogin();
    const cashier = await secondOperator(true, "cashier");
    const cashierToken = await cashier.signIn();
    const p = await player(100);
    const setting = (value: string | null) =>
      value === null
        ? env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = 'deposit_second_approval_cents'`).run()
        : env.DB.prepare(
            `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_second_approval_cents', ?)`,
          )
            .bind(value)
            .run();
    await setting("1000");
    try {
      const deposit = await api("/api/Game/recharge", {
        ...(await paidInto()),
        token: p.token,
        money: "50",
        pay_name: "Payer",
        request_id: requestId(),
      });
      expectOk(deposit);
      expectOk(await api("/api/admin/deposits/approve", { token: admin, id: deposit.data.id }));
      expectOk(await api("/api/admin/deposits/approve", { token: cashierToken, id: deposit.data.id }));
      const row = (await exportRows(admin, "deposits")).find(
        (r) => r.reference === requestRef("deposit", deposit.data.id),
      );
      expect(row).toMatchObject({ status_code: "approved", first_approved_by: "admin", decided_by: cashier.username });
      const audit = (await exportRows(admin, "audit")).filter((r) => r.target === `deposit:${deposit.data.id}`);
      expect(audit.map((r) => [r.action_code, r.operator])).toContainEqual(["deposit.approve.first", "admin"]);
      expect(audit.some((r) => r.operator === cashier.username)).toBe(true);
    } finally {
      await setting(null);
    }
    await expectMoneyInvariants();
  });
});
