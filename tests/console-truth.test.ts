import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";
import { addBank, balanceCents, player, PAY_PASSWORD, requestId, paidInto } from "./wallet-helpers";
import { playerD1, rowD1 } from "./shard-helpers";
import { selfExclusions, withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Every console screen tells the truth: no error page once a player has a marker of harm, confirm steps
// that say what will really happen (what the player reads, what stays in the console, what waits for a
// second operator), nothing typed lost on Cancel. Sign-ins on the record: tests/operator-sign-ins.test.ts.

const panel = (html: string) => /data-testid="confirm-panel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
// the words a reader sees: scripts (the page's data for hydration) left out
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function page(browser: Browser, path: string) {
  const response = await browser.get(path);
  const html = await response.text();
  expect(response.status, `${path}: ${text(html).slice(0, 300)}`).toBe(200);
  return html;
}

describe("a player with a marker of harm", () => {
  it("opens on the risk list, their risk file and their player file, the marker in words", async () => {
    const p = await playerWith(10_000);
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "deposit", period: "day", money: 100 }));
    for (let i = 0; i < 3; i++)
      expectError(
        await api("/api/Game/recharge", {
          ...(await paidInto()),
          token: p.token,
          money: "150",
          pay_name: "Over Limit",
        }),
        3001,
      );
    // a time-out that ended ten minutes ago, with a bet at once: a marker with times in its figures
    const ended = Date.now() - 10 * 60_000;
    await (
      await playerD1(p.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(selfExclusions)} (user_id, period, start_at_ms, end_at_ms) VALUES (?, '24h', ?, ?)`,
      )
      .bind(p.userId, ended - 86_400_000, ended)
      .run();
    await placeOk(p.token, 1, [[0, 1.98, 20]]);
    const browser = await operatorBrowser();
    for (const path of ["/admin/risk", `/admin/risk/${p.userId}`, `/admin/players/${p.userId}`]) {
      const words = text(await page(browser, path));
      expect(words, path).toContain("Repeatedly refused at limits");
      expect(words, path).toContain("3 refusals in 7 days: deposit limit 3, loss limit 0");
      expect(words, path).toContain("Played again as soon as a time-out ended");
      expect(words, path).toMatch(/Time-out ended \d{4}-\d\d-\d\d \d\d:\d\d UTC\+8/);
    }
    const zh = new Browser();
    zh.cookies = new Map(browser.cookies);
    await zh.post("/languageSet", { lng: "zh-CN" }).then((r) => r.body?.cancel());
    expect(text(await page(zh, `/admin/risk/${p.userId}`))).not.toMatch(/risk\.(marker|why)\./);
    await zh.post("/languageSet", { lng: "en" }).then((r) => r.body?.cancel());
  });
});

describe("confirm steps say what will happen", () => {
  it("a credit's step says what the player reads and that the internal note stays in the console; the list offers each text once", async () => {
    const p = await player();
    const browser = await operatorBrowser();
    const file = await page(browser, `/admin/players/${p.id}`);
    expect(file.match(/<option value="correction"/g)?.length).toBe(1);
    const key = /name="request_id" value="([^"]+)"/.exec(file)![1];
    const fields = { intent: "adjust", text: "bonus", money: "15", reason: "ticket 4411 goodwill", request_id: key };
    const step = text(panel(await (await browser.post(`/admin/players/${p.id}`, fields)).text()));
    expect(step).toContain("The player will read: “Bonus”.");
    expect(step).not.toContain("The player sees the reason “ticket 4411 goodwill”");
    expect(step).toContain("Your internal note “ticket 4411 goodwill” stays in the console");
  });

  it("a credit above what one operator moves alone says it will wait for a second operator, and the result says it was queued", async () => {
    const p = await player(450);
    const browser = await operatorBrowser();
    const file = await page(browser, `/admin/players/${p.id}`);
    const key = /name="request_id" value="([^"]+)"/.exec(file)![1];
    const fields = { intent: "adjust", text: "compensation", money: "12000", reason: "outage refund", request_id: key };
    const step = text(panel(await (await browser.post(`/admin/players/${p.id}`, fields)).text()));
    expect(step).toContain("waits for a second operator");
    expect(step).not.toContain("balance 450.00 USD → 12,450.00 USD.");
    const done = await browser.post(`/admin/players/${p.id}`, { ...fields, confirmed: "yes" });
    expect(done.status).toBe(302);
    const after = text(await page(browser, done.headers.get("location")!));
    expect(after).toContain(`12,000.00 USD for ${p.username} waits for a second operator`);
    expect(await balanceCents(p.id)).toBe(45_000);
    await expectMoneyInvariants();
  });

  it("Cancel on a confirm step keeps what was typed and does nothing", async () => {
    const p = await player();
    const browser = await operatorBrowser();
    const file = await page(browser, `/admin/players/${p.id}`);
    const key = /name="request_id" value="([^"]+)"/.exec(file)![1];
    const fields = { intent: "adjust", text: "promotion", money: "25.50", reason: "spring promo", request_id: key };
    const first = await browser.post(`/admin/players/${p.id}`, fields);
    const html = await first.text();
    // the step's Cancel posts the same fields back: it works without JavaScript too
    expect(panel(html)).toMatch(
      /<button[^>]*name="confirmed"[^>]*value="cancel"|<button[^>]*value="cancel"[^>]*name="confirmed"/,
    );
    const cancelled = await browser.post(`/admin/players/${p.id}`, { ...fields, confirmed: "cancel" });
    expect(cancelled.status).toBe(200);
    const back = await cancelled.text();
    expect(panel(back)).toBe("");
    expect(back).toMatch(/name="money"[^>]*value="25.50"/);
    expect(back).toMatch(/name="reason"[^>]*value="spring promo"/);
    expect(back).toMatch(/<option value="promotion" selected=""/);
    expect(await balanceCents(p.id)).toBe(0);
  });

  it("a withdrawal is rejected with withdrawal reasons, and its step quotes only the preset as what the player reads", async () => {
    const p = await player(500);
    const card = await addBank(p.token);
    const asked = await api("/api/Game/withdraw", {
      token: p.token,
      bank_id: card.id,
      money: "200",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    });
    expectOk(asked);
    // the contract answers 1: the request is the player's newest
    const { id } = (await (
      await playerD1(p.id)
    )
      .prepare(`SELECT max(id) AS id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number }>())!;
    const browser = await operatorBrowser();
    const approvals = await page(browser, "/admin");
    const withdrawalCard = new RegExp(`data-testid="withdrawal-${id}"[\\s\\S]*?</article>`).exec(approvals)![0];
    expect(withdrawalCard).not.toContain('value="noPayment"');
    expect(withdrawalCard).toContain('value="accountInvalid"');
    const depositPreset = { kind: "withdrawal", id: String(id), decision: "reject", preset: "noPayment" };
    const refused = await browser.post("/admin?index", { ...depositPreset, confirmed: "yes" });
    expect(refused.status).toBe(400);
    await refused.body?.cancel();
    expectError(
      await api("/api/admin/withdrawals/reject", {
        token: await secondOperatorToken(),
        id,
        note: "#noPayment",
      }),
      1200,
    );
    const fields = { ...depositPreset, preset: "accountInvalid", note: "IBAN bounced, called Lan" };
    const step = text(panel(await (await browser.post("/admin?index", fields)).text()));
    const reads = /The player reads: “([^”]*)”/.exec(step);
    expect(reads?.[1]).toBe("The payout account could not receive the transfer");
    expect(step).toContain("IBAN bounced, called Lan");
    expect((await browser.post("/admin?index", { ...fields, confirmed: "yes" })).status).toBe(302);
    const row = await rowD1(id)
      .prepare(`SELECT status, note FROM ${quotedTable(withdrawalRequests)} WHERE id = ?`)
      .bind(id)
      .first<{ status: string; note: string }>();
    expect(row).toEqual({ status: "rejected", note: "#accountInvalid IBAN bounced, called Lan" });
    expect(await balanceCents(p.id)).toBe(50_000);
    await expectMoneyInvariants();
  });

  it("the void form and its step say players read the preset and the operator's words stay in the console", async () => {
    const p = await playerWith(10_000);
    await placeOk(p.token, 15, [[0, 1.98, 50]]);
    const round = await currentRound(15);
    const browser = await operatorBrowser();
    const room = text(await page(browser, "/admin/rooms/15"));
    expect(room).not.toContain("your reason stays in the console and the audit log");
    expect(room).toContain("Players read the preset reason in their language");
    const fields = {
      intent: "void",
      roundId: String(round.roundId),
      preset: "feedProblem",
      reason: "feed froze at 12:01",
    };
    const step = text(panel(await (await browser.post("/admin/rooms/15", fields)).text()));
    expect(/Players read: “([^”]*)”/.exec(step)?.[1]).toBe("Draw problem");
    expect(step).toContain("In the console and the audit log only: “Draw problem · feed froze at 12:01”");
  });
});

let secondToken: Promise<string> | undefined;
const secondOperatorToken = () => (secondToken ??= secondOperator(true, "cashier").then((o) => o.signIn()));
