import { describe, expect, it } from "vitest";
import { api, expectOk, visibleText } from "./helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { PAY_PASSWORD, addCoinAddress, operator, player, requestId, paidInto } from "./wallet-helpers";
import { requestRef } from "#shared/request-ref";

// A request has one short reference (shared/request-ref.ts) that the player's notices, funds ledger and lists and
// the console all write the same way, and that the console's search finds; no 13-digit internal id on a player's
// screen.

describe("request references", () => {
  it("read the same on the player's screens and the console's, and the console finds a request by it", async () => {
    const p = await player(1_000);
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 120,
      pay_name: "Nguyen Van A",
      request_id: requestId(),
    });
    expectOk(deposit);
    const card = await addCoinAddress(p.token, "USDT");
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: card.id,
        money: "30",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const cashier = await operator();
    expectOk(await api("/api/admin/deposits/approve", { token: cashier, id: deposit.data.id }));
    const [withdrawal] = (
      await api("/api/admin/withdrawals", { token: cashier, status: "pending", player: p.username })
    ).data.list;
    expectOk(
      await api("/api/admin/withdrawals/reject", { token: cashier, id: withdrawal.id, note: "#accountInvalid" }),
    );
    const depositRef = requestRef("deposit", deposit.data.id);
    const withdrawalRef = requestRef("withdrawal", withdrawal.id);
    expect(depositRef).toMatch(/^D\d-[0-9A-Z]{4,}$/);

    const browser = await new Browser().logIn(p.username, "secret123");
    const screens = {
      "/recharge": [depositRef],
      "/withdraw": [withdrawalRef],
      "/my_income": [`Deposit ${depositRef}`, `Withdrawal ${withdrawalRef} rejected, refunded`],
      "/message?tab=inbox": [
        `Your deposit ${depositRef} of 120.00 USD`,
        `Your withdrawal ${withdrawalRef} of 30.00 USD`,
      ],
    };
    for (const [path, words] of Object.entries(screens)) {
      const text = visibleText(await (await browser.get(path)).text());
      for (const w of words) expect(text, path).toContain(w);
      expect(text, path).not.toMatch(/\b\d{13}\b/);
    }
    const vi = visibleText(await (await browser.get("/my_income?lng=vi")).text());
    expect(vi).toContain(`Nạp tiền ${depositRef}`);

    // the console: the same reference on its history, and its search by reference finds that request alone
    for (const [kind, ref, id] of [
      ["deposits", depositRef, deposit.data.id],
      ["withdrawals", withdrawalRef, withdrawal.id],
    ] as const) {
      const found = await api(`/api/admin/${kind}`, { token: cashier, status: "all", player: ref.toLowerCase() });
      expect(found.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
      const other = kind === "deposits" ? withdrawalRef : depositRef;
      expect((await api(`/api/admin/${kind}`, { token: cashier, status: "all", player: other })).data.list).toEqual([]);
    }
    const desk = await consoleBrowser();
    const history = visibleText(
      await (await desk.get(`/admin/history?kind=withdrawals&status=all&player=${withdrawalRef}`)).text(),
    );
    expect(history).toContain(`Withdrawal ${withdrawalRef}`);
    const file = visibleText(await (await desk.get(`/admin/players/${p.id}`)).text());
    expect(file).toContain(depositRef);
    expect(file).toContain(withdrawalRef);
  });

  it("never break inside themselves on the funds ledger, in four languages", async () => {
    const p = await player(1_000);
    const card = await addCoinAddress(p.token, "USDT");
    const asked = await api("/api/Game/withdraw", {
      token: p.token,
      bank_id: card.id,
      money: "30",
      pwd: PAY_PASSWORD,
      request_id: requestId(),
    });
    expectOk(asked);
    const [withdrawal] = (
      await api("/api/admin/withdrawals", { token: await operator(), status: "pending", player: p.username })
    ).data.list;
    const ref = requestRef("withdrawal", withdrawal.id);
    const browser = await new Browser().logIn(p.username, "secret123");
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
      const html = await (await browser.get(`/my_income?lng=${lng}`)).text();
      // the reference is one unbreakable piece of the reason (app.css .ref: nowrap), the words around it wrap
      expect(html, lng).toContain(`<span class="ref">${ref}</span>`);
    }
  });

  it("names a withdrawal's hold by its reference on the console's player page, in the operator's language", async () => {
    const p = await player(1_000);
    const card = await addCoinAddress(p.token, "USDT");
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: card.id,
        money: "30",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const [withdrawal] = (await api("/api/Game/getwithdrawlist", { token: p.token })).data.list;
    const ref = requestRef("withdrawal", withdrawal.id);
    const desk = await consoleBrowser();
    // the ledger's row of the hold, as the player's statement writes it (and the withdrawals table below it)
    const file = visibleText(await (await desk.get(`/admin/players/${p.id}?lng=en`)).text());
    expect(file).toContain(`· Withdrawal ${ref}`);
    expect(file).not.toContain("Withdrawal request");
    const vi = visibleText(await (await desk.get(`/admin/players/${p.id}?lng=vi`)).text());
    expect(vi).toContain(`Lệnh rút ${ref}`);
    expect(vi).not.toContain("Yêu cầu rút tiền");
  });
});
