import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectOk } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { operator, player, requestId, paidInto } from "./wallet-helpers";
import { everywhere } from "./shard-helpers";
import { settings, depositRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console's history, round board and filtered rooms as pages, and the deposit screen's
// "paid into" and transfer reference, without JavaScript (docs/decisions/140).

const html = (response: Response) => response.text();
const PAYEE = { type: "bank", name: "Vietcombank", holder: "Roundtable Ltd", account: "0071000123456" };

describe("console history pages", () => {
  it("are 404 to guests and players", async () => {
    const playerBrowser = await new Browser().logIn();
    for (const path of [
      "/admin/history",
      "/admin/history?kind=adjustments",
      "/admin/rounds",
      "/admin/rounds?status=void",
    ]) {
      for (const who of [new Browser(), playerBrowser]) {
        const response = await who.get(path);
        expect(response.status, path).toBe(404);
        await response.body?.cancel();
      }
    }
  });

  it("lists a decided deposit in words: money with separators and currency, state, times with zone, player linked, preset reason", async () => {
    const { token, id, username } = await player();
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token,
      money: "12345.6",
      pay_name: "Nguyen Van A",
      pay_ref: "FT2611250001",
    });
    expectOk(asked);
    expectOk(
      await api("/api/admin/deposits/reject", {
        token: await operator(),
        id: asked.data.id,
        note: "#noPayment Called the bank",
      }),
    );
    const page = await html(await (await operatorBrowser()).get(`/admin/history?kind=deposits&player=${username}`));
    const row = page.slice(page.indexOf(`data-testid="history-deposit-${asked.data.id}"`));
    expect(row).toContain("12,345.60");
    expect(row).toContain("USD");
    expect(row).toContain("Rejected");
    expect(row).toContain("UTC+8");
    expect(row).toContain(`href="/admin/players/${id}"`);
    expect(row).toContain("No payment received · Called the bank");
    expect(row).toContain("FT2611250001");
    expect(page).toMatch(/<th scope="col">Reason given<\/th>/);
  });

  it("shows a broken filter at its field, in the operator's language, and lists nothing", async () => {
    const browser = await operatorBrowser();
    const page = await html(await browser.get("/admin/history?kind=withdrawals&from=2026-03-11&to=2026-03-10"));
    expect(page).toMatch(/id="to-error"[^>]*>Start date must not be later than end date/);
    expect(page).toContain("Nothing matches these filters");
    const both = await html(await browser.get("/admin/history?kind=deposits&min=abc&max=1.234"));
    expect(both).toMatch(/id="min-error"[^>]*>Wrong amount/);
    expect(both).toMatch(/id="max-error"[^>]*>Wrong amount/);
    const zh = new Browser();
    zh.cookies = new Map(browser.cookies);
    zh.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify("zh-CN"))));
    const zhPage = await html(await zh.get("/admin/history?kind=adjustments&min=100&max=5"));
    expect(zhPage).toMatch(/id="max-error"[^>]*>[^<]*[\u4e00-\u9fff]/);
  });

  it("lists adjustments with their state in words", async () => {
    const { id, username } = await player(25);
    const page = await html(await (await operatorBrowser()).get(`/admin/history?kind=adjustments&player=${username}`));
    expect(page).toContain("Made (no second approval needed)");
    expect(page).toMatch(/\+(<!-- -->)?25\.00/);
    expect(page).toContain(`href="/admin/players/${id}"`);
  });
});

describe("rounds board and rooms pages", () => {
  it("shows rounds in play with the room in words and stakes with currency, and the voids tab", async () => {
    const browser = await operatorBrowser();
    await browser.get("/admin/rounds").then((r) => r.body?.cancel());
    const page = await html(await browser.get("/admin/rounds?status=open"));
    expect(page).toContain("Rounds in all rooms");
    const voids = await html(await browser.get("/admin/rounds?status=void"));
    expect(voids).toMatch(/No round has been voided|Voided by/);
  });

  it("filters rooms by kind and names kinds and games in words, without a badge per row", async () => {
    const page = await html(await (await operatorBrowser()).get("/admin/rooms?kind=vip"));
    const vip = await count("rooms", "kind = 'vip'");
    expect((page.match(/data-testid="room-row-/g) ?? []).length).toBe(Math.min(vip, 24));
    // a cell of the kind column (each cell carries its column's name for the phone's cards)
    expect(page).toMatch(/<td[^>]*><div class="cell">VIP<\/div><\/td>/);
    expect(page).not.toMatch(/<td[^>]*><div class="cell">Standard<\/div><\/td>/);
    expect(page).not.toContain('class="badge"');
  });
});

describe("deposit screen: paid into and transfer reference", () => {
  it("asks which listed account was paid into and the reference, shows each refusal at its field, then files the request", async () => {
    await env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', ?)`)
      .bind(JSON.stringify([PAYEE]))
      .run();
    const browser = await new Browser().logIn();
    const form = await html(await browser.get("/recharge"));
    expect(form).toContain('name="payee"');
    expect(form).toContain('name="pay_ref"');
    const noRef = await browser.post("/recharge", {
      money: "50",
      pay_name: "Nguyen Van A",
      payee: PAYEE.account,
      pay_ref: "",
      request_id: requestId(),
    });
    expect(noRef.status).toBe(400);
    expect(await html(noRef)).toMatch(/id="pay_ref-error"[^>]*>Enter the transfer reference/);
    const noPayee = await browser.post("/recharge", {
      money: "50",
      pay_name: "Nguyen Van A",
      pay_ref: "FT1",
      request_id: requestId(),
    });
    expect(await html(noPayee)).toMatch(/id="payee-error"[^>]*>Choose the account you paid into/);
    const filed = await browser.post("/recharge", {
      money: "50",
      pay_name: "Nguyen Van A",
      payee: PAYEE.account,
      pay_ref: "FT2611250009",
      request_id: requestId(),
    });
    expect(filed.status).toBe(302);
    await filed.body?.cancel();
    const row = await everywhere(
      `SELECT id, payee_name, payee_account, transfer_ref FROM ${quotedTable(depositRequests)} WHERE transfer_ref = 'FT2611250009'`,
    ).first<Record<string, string | number>>();
    expect(row).toMatchObject({ payee_name: "Vietcombank", payee_account: PAYEE.account });
    // the operator's approval card shows both, to match the statement line
    const approvals = await html(await (await operatorBrowser()).get("/admin"));
    const card = approvals.slice(approvals.indexOf(`data-testid="deposit-${row!.id}"`));
    expect(card).toContain("Vietcombank · 0071000123456");
    expect(card).toContain("FT2611250009");
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', '[]')`,
    ).run();
  });
});
