import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { balanceCents, ledgerRows, player, requestId } from "./wallet-helpers";
import { settings } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// A deposit request names where the money was paid: with no approved deposit account listed there is nowhere to pay,
// so the Worker files nothing (1262), whatever the request names; an account that is not one of the approved, listed
// ones is refused too (1183). Nothing is written on a refusal (docs/decisions/140, 167).

const LISTED = { type: "bank", name: "Techcombank", holder: "DEMO PAYMENTS", account: "19033344455566" };
const OTHER = {
  type: "wallet",
  name: "USDT TRC20",
  holder: "SOMEONE ELSE",
  account: "TXq2b3c4d5e6f7g8h9j1k2m3n4p5q6r7s8",
};

const writePayees = (payees: unknown[]) =>
  env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', ?)`)
    .bind(JSON.stringify(payees))
    .run();

/** What a refused deposit must leave as it was: the requests, the audit log, the player's balance and ledger. */
async function untouched(userId: number) {
  return {
    requests: await count("deposit_requests"),
    audit: await count("audit_log"),
    balance: await balanceCents(userId),
    ledger: await ledgerRows(userId),
  };
}

const ask = (token: string, fields: Record<string, unknown> = {}) =>
  api("/api/Game/recharge", { token, money: "100", pay_name: "Le Van C", request_id: requestId(), ...fields });

describe("a deposit with no approved account to pay into", () => {
  it("is refused in the player's language (1262), with or without an account named, writing nothing", async () => {
    await writePayees([]);
    const p = await player(50);
    const before = await untouched(p.id);
    for (const [lang, words] of [
      ["en", "No account to pay into is listed yet, so no deposit request was filed"],
      ["chs", "暂未列出收款账户，因此未提交充值申请"],
      ["cht", "暫未列出收款帳戶，因此未提交儲值申請"],
      ["vi", "Hiện chưa có tài khoản nhận tiền nào nên yêu cầu nạp chưa được gửi"],
    ]) {
      const answer = await ask(p.token, { lang });
      expectError(answer, 1262);
      expect(answer.info).toContain(words);
    }
    // naming an account the site never listed, or the body the contract's older clients send, is no way round it
    expectError(await ask(p.token, { payee: LISTED.account, pay_ref: "FT2612070001" }), 1262);
    expectError(await api("/api/Game/recharge", { token: p.token, money: "100", pay_name: "A" }), 1262);
    expect(await untouched(p.id)).toEqual(before);
    await expectMoneyInvariants();
  });

  it("counts only approved accounts: one waiting for a second admin is nowhere to pay yet", async () => {
    await writePayees([]);
    const p = await player();
    const asked = await api("/api/admin/settings/update", { token: await operatorLogin(), payees: [LISTED] });
    expectOk(asked);
    const waiting = asked.data.waiting as { id: number }[];
    expect(waiting).toHaveLength(1);
    const before = await untouched(p.id);
    expectError(await ask(p.token, { payee: LISTED.account, pay_ref: "FT2612070001" }), 1262);
    expect(await untouched(p.id)).toEqual(before);

    expectOk(
      await api("/api/admin/settings/requests/approve", { token: await operatorLogin("admin2"), id: waiting[0].id }),
    );
    const filed = await ask(p.token, { payee: LISTED.account, pay_ref: "FT2612070001" });
    expectOk(filed);
    expect(filed.data).toMatchObject({ status: "pending", money: 100, pay_ref: "FT2612070001" });
    expect(await balanceCents(p.id)).toBe(0);
    await expectMoneyInvariants();
  });

  it("still sends players to support first when deposits go through support (2056)", async () => {
    await writePayees([]);
    const p = await player();
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_mode', '"contact"')`,
    ).run();
    try {
      expectError(await ask(p.token), 2056);
    } finally {
      await env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = 'deposit_mode'`).run();
    }
  });
});

describe("a deposit naming an account", () => {
  it("is refused when the account is not one of the approved, listed ones (1183), or none is named (1182)", async () => {
    await writePayees([LISTED]);
    const p = await player();
    const before = await untouched(p.id);
    expectError(await ask(p.token, { payee: OTHER.account, pay_ref: "FT2612070001" }), 1183);
    expectError(await ask(p.token, { payee: ` ${LISTED.account}0`, pay_ref: "FT2612070001" }), 1183);
    expectError(await ask(p.token, { pay_ref: "FT2612070001" }), 1182);
    expect(await untouched(p.id)).toEqual(before);
    expectOk(await ask(p.token, { payee: LISTED.account, pay_ref: "FT2612070001" }));
    await expectMoneyInvariants();
  });
});

describe("the deposit screen", () => {
  it("shows the refusal in words when a form is sent after the accounts were taken away", async () => {
    await writePayees([]);
    const p = await player();
    const browser = await new Browser().logIn(p.username, "secret123");
    const fields = { money: "100", pay_name: "Le Van C", payee: LISTED.account, pay_ref: "FT2612070001" };
    for (const [lng, words] of [
      ["en", "No account to pay into is listed yet, so no deposit request was filed"],
      ["vi", "Hiện chưa có tài khoản nhận tiền nào nên yêu cầu nạp chưa được gửi"],
    ]) {
      const refused = await browser.post(`/recharge?lng=${lng}`, { ...fields, request_id: requestId() });
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toMatch(new RegExp(`role="alert"[^>]*>${words}`));
      // words, never the code (the page's data for hydration carries it, not its text)
      expect(page.replace(/<script[^]*?<\/script>/g, "").replace(/<[^>]+>/g, " ")).not.toContain("1262");
      expect(page).not.toMatch(/name="money"/);
    }
    expect(await count("deposit_requests", "user_id = ?", p.id)).toBe(0);
  });
});
