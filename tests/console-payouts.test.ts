import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { setMoneySettings } from "./admin-helpers";
import { Browser } from "./pages";
import { addBank, addCoinAddress, player, PAY_PASSWORD, requestId } from "./wallet-helpers";
import { playerD1, rowD1 } from "./shard-helpers";
import { settings as settingsTable, withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Payments an operator can carry out: the console says when players have no account to pay a deposit
// into; a withdrawal names where the money goes in full (holder, bank and branch, or network and
// address), in the coin for a coin address; the payout's reference is kept and the player sees it.

const panel = (html: string) => /data-testid="confirm-panel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
// the words a reader sees: scripts (the page's data for hydration) left out
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const setting = (key: string, value: unknown) =>
  env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settingsTable)} (key, value) VALUES (?, ?)`)
    .bind(key, JSON.stringify(value))
    .run();

async function withdrawal(p: { token: string; id: number }, bankId: number, money: string) {
  const asked = await api("/api/Game/withdraw", {
    token: p.token,
    bank_id: bankId,
    money,
    pwd: PAY_PASSWORD,
    request_id: requestId(),
  });
  expectOk(asked);
  // the contract answers 1: the request is the player's newest
  const row = await (
    await playerD1(p.id)
  )
    .prepare(`SELECT max(id) AS id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
    .bind(p.id)
    .first<{ id: number }>();
  return row!.id;
}

const card = (html: string, id: number) =>
  text(new RegExp(`data-testid="withdrawal-${id}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? "");

describe("the deposit account", () => {
  it("the console warns while players take deposits and no account to pay into is set", async () => {
    const browser = await operatorBrowser();
    await setting("deposit_payees", []);
    for (const path of ["/admin", "/admin/settings"]) {
      const html = await (await browser.get(path)).text();
      expect(html, path).toContain('data-testid="no-deposit-account"');
      expect(text(html)).toContain("No deposit account is set");
    }
    await setting("deposit_payees", [{ type: "bank", name: "ACB", holder: "Roundtable Ltd", account: "0011223344" }]);
    expect(await (await browser.get("/admin")).text()).not.toContain('data-testid="no-deposit-account"');
    // deposits through support need no account
    await setting("deposit_payees", []);
    await setting("deposit_mode", "contact");
    expect(await (await browser.get("/admin")).text()).not.toContain('data-testid="no-deposit-account"');
    await setting("deposit_mode", "request");
  });
});

describe("a withdrawal an operator can pay", () => {
  it("names the bank account in full on the card and in the confirm step, and takes the transfer's reference", async () => {
    const p = await player(500);
    const bank = await addBank(p.token, { bank: "Vietcombank", username: "Tran Thi Lan", area: "Hoan Kiem branch" });
    const id = await withdrawal(p, bank.id, "200");
    const browser = await operatorBrowser();
    const words = card(await (await browser.get("/admin")).text(), id);
    for (const fact of ["Tran Thi Lan", "Vietcombank", "Hoan Kiem branch", bank.account]) expect(words).toContain(fact);
    const fields = { kind: "withdrawal", id: String(id), decision: "approve" };
    // the payout's reference is asked for: an approval without one is refused at its field
    const refused = await browser.post("/admin?index", { ...fields, payout_ref: "" });
    expect(refused.status).toBe(400);
    expect(text(await refused.text())).toContain("Write the bank transfer's reference or the transaction hash");
    const withRef = { ...fields, payout_ref: "FT24331-889120" };
    const step = text(panel(await (await browser.post("/admin?index", withRef)).text()));
    for (const fact of [
      "Tran Thi Lan",
      "Vietcombank",
      "Hoan Kiem branch",
      bank.account,
      "200.00 USD",
      "FT24331-889120",
    ])
      expect(step).toContain(fact);
    expect((await browser.post("/admin?index", { ...withRef, confirmed: "yes" })).status).toBe(302);
    const row = await rowD1(id)
      .prepare(`SELECT status, payout_ref FROM ${quotedTable(withdrawalRequests)} WHERE id = ?`)
      .bind(id)
      .first();
    expect(row).toEqual({ status: "approved", payout_ref: "FT24331-889120" });
    // the player's list answers it, and their records show it
    const list = await api("/api/Game/getwithdrawlist", { token: p.token });
    expectOk(list);
    expect(list.data.list.find((w: { id: number }) => w.id === id)).toMatchObject({
      status: "approved",
      payout_ref: "FT24331-889120",
    });
    const reader = await new Browser().logIn(p.username, "secret123");
    expect(text(await (await reader.get("/withdraw")).text())).toContain("FT24331-889120");
    await expectMoneyInvariants();
  });

  it("a coin address: the amount in the coin at the set rate less the network fee, the network and the whole address", async () => {
    await setting("coin_payouts", { USDT: { rate: "0.998", fee: "1.5" } });
    const p = await player(500);
    const coin = await addCoinAddress(p.token, "USDT");
    const id = await withdrawal(p, coin.id, "200");
    const browser = await operatorBrowser();
    const words = card(await (await browser.get("/admin")).text(), id);
    // 200.00 USD x 0.998 = 199.60 USDT, less the 1.50 USDT network fee: 198.10 USDT sent
    expect(words).toContain("198.10 USDT");
    // the rate with its units, as the player reads it
    expect(words).toContain("200.00 USD at 0.998 USDT per USD");
    expect(words).toContain(coin.address);
    expect(words).toMatch(/TRC20/);
    const history = text(await (await browser.get("/admin/history?kind=withdrawals&status=all")).text());
    expect(history).toContain("198.10 USDT (200.00 USD at 0.998 USDT per USD, less a network fee of 1.50 USDT)");
    const step = text(
      panel(
        await (
          await browser.post("/admin?index", {
            kind: "withdrawal",
            id: String(id),
            decision: "approve",
            payout_ref: "a".repeat(64),
          })
        ).text(),
      ),
    );
    expect(step).toContain("198.10 USDT");
    expect(step).toContain(coin.address);
    expect(step).toContain("1.50 USDT");
    expect(step).toContain("at 0.998 USDT per USD");
  });

  it("a coin without a rate set says so instead of guessing an amount", async () => {
    await setting("coin_payouts", {});
    const p = await player(500);
    const coin = await addCoinAddress(p.token, "ETH");
    const id = await withdrawal(p, coin.id, "100");
    const browser = await operatorBrowser();
    const words = card(await (await browser.get("/admin")).text(), id);
    expect(words).toContain("No ETH rate is set");
    expect(words).not.toMatch(/\d ETH/);
  });

  it("the rates and fees are settings: saved once a second admin approves, audited in words, a bad one refused (1203) and nothing changed", async () => {
    const token = await operatorLogin();
    await setMoneySettings({ coin_payouts: { BTC: { rate: "0.0000105", fee: "0.0002" } } });
    const browser = await operatorBrowser();
    const settings = await (await browser.get("/admin/settings")).text();
    expect(settings).toMatch(/name="coin_rate_BTC"[^>]*value="0.0000105"/);
    for (const bad of [
      { BTC: { rate: "0", fee: "1" } },
      { BTC: { rate: "abc", fee: "1" } },
      { DOGE: { rate: "1", fee: "0" } },
    ])
      expectError(await api("/api/admin/settings/update", { token, coin_payouts: bad }), 1203);
    const kept = await env.DB.prepare(
      `SELECT value FROM ${quotedTable(settingsTable)} WHERE key = 'coin_payouts'`,
    ).first<{
      value: string;
    }>();
    expect(JSON.parse(kept!.value)).toEqual({ BTC: { rate: "0.0000105", fee: "0.0002" } });
    const audit = text(await (await browser.get("/admin/audit?target=settings")).text());
    expect(audit).toContain("Coin payouts: — → BTC at 0.0000105 BTC per USD, fee 0.0002 BTC");
  });
});
