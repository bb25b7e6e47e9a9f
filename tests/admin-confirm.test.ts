import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { auditCount, balanceCents, operator, player, requestId, paidInto } from "./wallet-helpers";
import { requestRef } from "#shared/request-ref";
import { playerD1, rowD1 } from "./shard-helpers";
import { depositRequests, users, adjustmentRequests, rooms } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console's confirm steps and the money rules behind them: nothing happens on the first submit,
// the step names the player and the amount, the second submit acts once.

const panel = (html: string) => /data-testid="confirm-panel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("approvals ask first", () => {
  it("approving a deposit shows a step naming the request, player, amount and balances; only the confirmed post credits", async () => {
    const p = await player();
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 2345.5,
      pay_name: "Payer",
    });
    expectOk(asked);
    const browser = await consoleBrowser();
    const fields = { kind: "deposit", id: String(asked.data.id), decision: "approve" };
    const first = await browser.post("/admin?index", fields);
    expect(first.status).toBe(200);
    const step = text(panel(await first.text()));
    expect(step).toContain(requestRef("deposit", asked.data.id));
    expect(step).toContain(p.username);
    expect(step).toContain("2,345.50 USD");
    expect(step).toContain("0.00 USD → 2,345.50 USD");
    expect(await balanceCents(p.id)).toBe(0);
    const done = await browser.post("/admin?index", { ...fields, confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(await balanceCents(p.id)).toBe(234_550);
    await expectMoneyInvariants();
  });

  it("the first of two approvals of a large deposit says nothing is credited until a second operator approves", async () => {
    const p = await player();
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 12345.5,
      pay_name: "Payer",
    });
    expectOk(asked);
    const browser = await consoleBrowser();
    const fields = { kind: "deposit", id: String(asked.data.id), decision: "approve" };
    const step = text(panel(await (await browser.post("/admin?index", fields)).text()));
    expect(step).toContain(
      `first of two approvals to deposit ${requestRef("deposit", asked.data.id)} of 12,345.50 USD for ${p.username}`,
    );
    expect((await browser.post("/admin?index", { ...fields, confirmed: "yes" })).status).toBe(302);
    expect(await balanceCents(p.id)).toBe(0);
    const second = await (await secondOperator(true, "cashier")).signIn();
    expectOk(await api("/api/admin/deposits/approve", { token: second, id: asked.data.id }));
    expect(await balanceCents(p.id)).toBe(1_234_550);
    await expectMoneyInvariants();
  });

  it("a rejection with a preset reason stores the preset, which the player reads in their own language", async () => {
    const p = await player();
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 100,
      pay_name: "Payer",
    });
    const browser = await consoleBrowser();
    const fields = {
      kind: "deposit",
      id: String(asked.data.id),
      decision: "reject",
      preset: "noPayment",
      note: "checked twice",
    };
    const step = text(panel(await (await browser.post("/admin?index", fields)).text()));
    expect(step).toContain("No payment received · checked twice");
    expect((await browser.post("/admin?index", { ...fields, confirmed: "yes" })).status).toBe(302);
    const row = await rowD1(asked.data.id)
      .prepare(`SELECT status, note FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(asked.data.id)
      .first<{ status: string; note: string }>();
    expect(row).toEqual({ status: "rejected", note: "#noPayment checked twice" });
    const reader = await new Browser().logIn(p.username, "secret123");
    await reader.post("/languageSet", { lng: "zh-CN" }).then((r) => r.body?.cancel());
    // the player reads the preset alone; the operator's words stay in the console
    const html = await (await reader.get("/recharge")).text();
    expect(html).toContain("未收到付款");
    expect(html).not.toContain("checked twice");
  });

  it("a rejection without a preset is refused (1200) in the operator's language and changes nothing, even with a note", async () => {
    const p = await player();
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 100,
      pay_name: "Payer",
    });
    const browser = await consoleBrowser();
    for (const preset of ["", "madeUp"]) {
      const fields = {
        kind: "deposit",
        id: String(asked.data.id),
        decision: "reject",
        preset,
        note: "checked twice",
        confirmed: "yes",
      };
      const answer = await browser.post("/admin?index", fields);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain("Choose the reason the player will read");
    }
    expectError(
      await api("/api/admin/deposits/reject", { token: await operator(), id: asked.data.id, note: "checked twice" }),
      1200,
    );
    expectError(await api("/api/admin/deposits/reject", { token: await operator(), id: asked.data.id }), 1200);
    const row = await rowD1(asked.data.id)
      .prepare(`SELECT status, note FROM ${quotedTable(depositRequests)} WHERE id = ?`)
      .bind(asked.data.id)
      .first<{ status: string; note: string }>();
    expect(row).toEqual({ status: "pending", note: "" });
    expect(await count("notices", "user_id = ?", p.id)).toBe(0);
  });
});

describe("credit and debit from a player's file", () => {
  it("confirm names player, amount and balances; success names them again; the same amount again within minutes needs a tick", async () => {
    const p = await player();
    const browser = await consoleBrowser();
    const page = await (await browser.get(`/admin/players/${p.id}`)).text();
    const key = /name="request_id" value="([^"]+)"/.exec(page)![1];
    const fields = { intent: "adjust", text: "bonus", money: "1500", reason: "Welcome bonus", request_id: key };
    const step = text(panel(await (await browser.post(`/admin/players/${p.id}`, fields)).text()));
    expect(step).toContain(`Credit 1,500.00 USD to ${p.username}: balance 0.00 USD → 1,500.00 USD`);
    expect(step).toContain("Welcome bonus");
    expect(step).toContain("The player will read: “Bonus”.");
    expect(await balanceCents(p.id)).toBe(0);
    const done = await browser.post(`/admin/players/${p.id}`, { ...fields, confirmed: "yes" });
    expect(done.status).toBe(302);
    const after = await (await browser.get(done.headers.get("location")!)).text();
    expect(text(after)).toContain(`Credited 1,500.00 USD to ${p.username}: balance now 1,500.00 USD`);
    // the file's ledger reads in words: the kind of movement, money with its currency, times with their zone
    expect(text(after)).toContain("Adjustment · Bonus");
    expect(text(after)).toContain("1,500.00 USD");
    expect(text(after)).toContain("Time (UTC+8)");
    // the form comes back empty with a new key: a second Apply is a new request, never the old one replayed
    const nextKey = /name="request_id" value="([^"]+)"/.exec(after)![1];
    expect(nextKey).not.toBe(key);
    expect(after).not.toMatch(/name="money"[^>]*value="1500"/);
    // a double tap on Confirm arriving after the credit: it asks again (the same amount minutes ago), and
    // even ticked, the same key credits once
    const tapped = await browser.post(`/admin/players/${p.id}`, { ...fields, confirmed: "yes" });
    expect(tapped.status).toBe(200);
    expect(text(panel(await tapped.text()))).toContain("was given the same amount");
    expect(
      (await browser.post(`/admin/players/${p.id}`, { ...fields, confirmed: "yes", repeat_ok: "yes" })).status,
    ).toBe(302);
    expect(await balanceCents(p.id)).toBe(150_000);
    const again = { ...fields, request_id: nextKey, confirmed: "yes" };
    const warned = await (await browser.post(`/admin/players/${p.id}`, again)).text();
    expect(text(panel(warned))).toContain("was given the same amount");
    expect(panel(warned)).toContain('name="repeat_ok"');
    expect(await balanceCents(p.id)).toBe(150_000);
    expect((await browser.post(`/admin/players/${p.id}`, { ...again, repeat_ok: "yes" })).status).toBe(302);
    expect(await balanceCents(p.id)).toBe(300_000);
    await expectMoneyInvariants();
  });

  it("a debit above the balance is refused at once, before any confirm step, in the operator's words", async () => {
    const p = await player(20);
    const browser = await consoleBrowser();
    const answer = await browser.post(`/admin/players/${p.id}`, {
      intent: "adjust",
      text: "correction",
      money: "-20.01",
      reason: "fee",
      request_id: requestId(),
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("A debit takes at most the balance, 20.00 USD");
    expect(panel(html)).toBe("");
    expect(await balanceCents(p.id)).toBe(2_000);
  });

  it("freeze, sign out everywhere and password reset each wait for the confirm", async () => {
    const p = await player();
    const browser = await consoleBrowser();
    for (const intent of ["freeze", "revoke", "reset"]) {
      const step = await browser.post(`/admin/players/${p.id}`, { intent });
      expect(step.status, intent).toBe(200);
      expect(text(panel(await step.text())), intent).toContain(p.username);
    }
    const frozen = await (
      await playerD1(p.id)
    )
      .prepare(`SELECT frozen FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(p.id)
      .first<{ frozen: number }>();
    expect(frozen!.frozen).toBe(0);
    expectOk(await api("/api/Game/getuserinfo", { token: p.token }));
    expect((await browser.post(`/admin/players/${p.id}`, { intent: "freeze", confirmed: "yes" })).status).toBe(302);
    expect(await auditCount("player.freeze", `user:${p.id}`)).toBe(1);
  });
});

describe("cancelling one's own queued adjustment", () => {
  it("only the requester cancels, once, audited; a cancelled request cannot be approved", async () => {
    const p = await player();
    const asker = await secondOperator();
    const token = await asker.signIn();
    const asked = await api("/api/admin/adjust", {
      text: "correction",
      token,
      userId: p.id,
      money: "15000",
      reason: "VIP bonus",
      request_id: requestId(),
    });
    expect(asked.data.status).toBe("pending");
    const other = await operatorLogin();
    expectError(await api("/api/admin/adjustments/cancel", { token: other, id: asked.data.id }), 1179);
    expectOk(await api("/api/admin/adjustments/cancel", { token, id: asked.data.id }));
    expectError(await api("/api/admin/adjustments/cancel", { token, id: asked.data.id }), 1128);
    expectError(await api("/api/admin/adjustments/approve", { token: other, id: asked.data.id }), 1128);
    expect(await auditRows("balance.adjust.cancel", `user:${p.id}`)).toEqual([
      expect.objectContaining({ actor_id: asker.id, after: JSON.stringify({ status: "cancelled" }) }),
    ]);
    expect(
      (await api("/api/admin/adjustments", { token: other })).data.list.map((a: { id: number }) => a.id),
    ).not.toContain(asked.data.id);
    expect(await balanceCents(p.id)).toBe(0);
  });

  it("a cancel racing an approval: exactly one wins, and the money moved only if the approval did", async () => {
    const p = await player();
    const asker = await secondOperator();
    const token = await asker.signIn();
    const asked = await api("/api/admin/adjust", {
      text: "correction",
      token,
      userId: p.id,
      money: "15000",
      reason: "race",
      request_id: requestId(),
    });
    const other = await operatorLogin();
    const [cancel, approve] = await Promise.all([
      api("/api/admin/adjustments/cancel", { token, id: asked.data.id }),
      api("/api/admin/adjustments/approve", { token: other, id: asked.data.id }),
    ]);
    expect([cancel.code, approve.code].filter((c) => c === 1)).toHaveLength(1);
    const status = (await rowD1(asked.data.id)
      .prepare(`SELECT status FROM ${quotedTable(adjustmentRequests)} WHERE id = ?`)
      .bind(asked.data.id)
      .first<{ status: string }>())!.status;
    expect(status).toBe(approve.code === 1 ? "approved" : "cancelled");
    expect(await balanceCents(p.id)).toBe(approve.code === 1 ? 1_500_000 : 0);
    await expectMoneyInvariants();
  });

  it("the console offers to withdraw one's own request and asks first, its way out named apart from it", async () => {
    const p = await player();
    const asker = await secondOperator();
    const token = await asker.signIn();
    const asked = await api("/api/admin/adjust", {
      text: "correction",
      token,
      userId: p.id,
      money: "15000",
      reason: "mine",
      request_id: requestId(),
    });
    const browser = await consoleBrowser(asker.username, asker.password, asker.secret);
    const queue = await (await browser.get("/admin")).text();
    const card = new RegExp(`data-testid="adjustment-${asked.data.id}"[\\s\\S]*?</article>`).exec(queue)![0];
    expect(card).toContain('value="cancel"');
    expect(card).not.toContain('value="approve"');
    expect(text(card)).toContain("Withdraw my request");
    const fields = { kind: "adjustment", id: String(asked.data.id), decision: "cancel" };
    const step = text(panel(await (await browser.post("/admin?index", fields)).text()));
    expect(step).toContain(`Withdraw your credit of 15,000.00 USD to ${p.username}`);
    // the step's two buttons: the one that withdraws the request, and the way out that does nothing
    expect(step).toContain("Withdraw my request");
    expect(step).toContain("Go back");
    expect(step).not.toMatch(/Cancel/);
    expect(await count("adjustment_requests", "id = ? AND status = 'pending'", asked.data.id)).toBe(1);
    expect((await browser.post("/admin?index", { ...fields, confirmed: "yes" })).status).toBe(302);
    expect(await count("adjustment_requests", "id = ? AND status = 'cancelled'", asked.data.id)).toBe(1);
  });
});

describe("odds that lose money", () => {
  async function roomBody(roomId: number) {
    const token = await operatorLogin();
    const room = await api("/api/admin/rooms/get", { token, id: roomId });
    const { id, title, kind, minjoin, minbuy, minLevel, roundSeconds, closeSeconds, trading, options } = room.data;
    return {
      token,
      body: {
        id,
        title,
        kind,
        minjoin,
        minbuy,
        minLevel,
        roundSeconds,
        closeSeconds,
        trading,
        rates: options.map((o: { odds: number }) => o.odds.toFixed(3)),
      },
    };
  }

  it("are refused above 100 % (1177 with the figure); above the confirm level they need rtp_confirmed (1178)", async () => {
    const { token, body } = await roomBody(1);
    const losing = await api("/api/admin/rooms/update", { token, ...body, rates: ["2.500", ...body.rates.slice(1)] });
    expectError(losing, 1177);
    expect(losing.info).toContain("125.00 %");
    const high = await api("/api/admin/rooms/update", { token, ...body, rates: ["1.995", ...body.rates.slice(1)] });
    expectError(high, 1178);
    expect(high.info).toContain("99.75 %");
    const before = await env.DB.prepare(`SELECT rates_milli FROM ${quotedTable(rooms)} WHERE id = 1`).first<{
      rates_milli: string;
    }>();
    expect(JSON.parse(before!.rates_milli)[0]).toBe(1980);
    expectOk(
      await api("/api/admin/rooms/update", {
        token,
        ...body,
        rates: ["1.995", ...body.rates.slice(1)],
        rtp_confirmed: "1",
      }),
    );
    expectOk(await api("/api/admin/rooms/update", { token, ...body }));
  });

  it("in the console: losing odds stand under the table; high ones ask with the figure and save once confirmed", async () => {
    const { body } = await roomBody(1);
    const browser = await consoleBrowser();
    const form = (rates: string[]): [string, string][] => [
      ["title", body.title],
      ["kind", body.kind],
      ["minjoin", String(body.minjoin)],
      ["minbuy", String(body.minbuy)],
      ["minLevel", String(body.minLevel)],
      ["roundSeconds", ""],
      ["closeSeconds", ""],
      ["trading", "on"],
      ...rates.map((r) => ["rate", r] as [string, string]),
    ];
    const losing = await browser.post("/admin/rooms/1", form(["2.500", ...body.rates.slice(1)]));
    expect(losing.status).toBe(400);
    expect(await losing.text()).toMatch(/id="odds-error"[^>]*>These odds give a return to player of 125.00 %/);
    const high = await browser.post("/admin/rooms/1", form(["1.995", ...body.rates.slice(1)]));
    expect(high.status).toBe(200);
    const step = panel(await high.text());
    expect(text(step)).toContain("99.75 %");
    expect(step.match(/name="rate"/g)).toHaveLength(body.rates.length);
    expect(
      (await browser.post("/admin/rooms/1", [...form(["1.995", ...body.rates.slice(1)]), ["confirmed", "yes"]])).status,
    ).toBe(302);
    const saved = await env.DB.prepare(`SELECT rates_milli FROM ${quotedTable(rooms)} WHERE id = 1`).first<{
      rates_milli: string;
    }>();
    expect(JSON.parse(saved!.rates_milli)[0]).toBe(1995);
    expect((await browser.post("/admin/rooms/1", form(body.rates))).status).toBe(302);
  });
});
