import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { currentRound, placeOk } from "./rooms-helpers";
import { PAY_PASSWORD, addBank, addCoinAddress, operator, player, requestId } from "./wallet-helpers";
import { requestRef } from "#shared/request-ref";

// The console's player file says what the player reads on their own screens: a withdrawal's hold as what became
// of it (paid out, rejected and refunded), a voided round's stake as refunded with why, and the figures of the
// player's My page (withdrawable, waiting in withdrawals, locked in finance, total assets).

const ROOM = 16;

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The cells of a titled section's table rows, each row's cells joined by " | ". */
function sectionRows(html: string, title: string) {
  const start = html.indexOf(`<h2>${title}</h2>`);
  expect(start, title).toBeGreaterThan(-1);
  const section = html.slice(start, html.indexOf("</section>", start));
  return (section.match(/<tr[^>]*>[\s\S]*?<\/tr>/g) ?? []).map((row) =>
    [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => text(m[1]).trim()).join(" | "),
  );
}

/** A figure of the page's facts list, by its label. */
const fact = (html: string, label: string) =>
  text(new RegExp(`<dt>${label}</dt>\\s*<dd[^>]*>([\\s\\S]*?)</dd>`).exec(html)?.[1] ?? "").trim();

async function withdraw(token: string, bankId: number, money: string) {
  expectOk(
    await api("/api/Game/withdraw", { token, bank_id: bankId, money, pwd: PAY_PASSWORD, request_id: requestId() }),
  );
  const [latest] = (await api("/api/Game/getwithdrawlist", { token })).data.list as { id: number }[];
  return latest.id;
}

describe("the console's player file", () => {
  it("names withdrawals and a voided round's refund as the player reads them, and shows the My page's figures", async () => {
    const p = await player(101_000);
    const bank = await addBank(p.token);
    const paid = await withdraw(p.token, bank.id, "100");
    const rejected = await withdraw(p.token, bank.id, "60");
    await withdraw(p.token, bank.id, "200");
    const desk = await operator();
    expectOk(await api("/api/admin/withdrawals/approve", { token: desk, id: paid, payout_ref: "FT-FILE-0001" }));
    expectOk(await api("/api/admin/withdrawals/reject", { token: desk, id: rejected, note: "#accountInvalid" }));
    expectOk(
      await api("/api/Game/producttransferin", {
        token: p.token,
        product_id: 1,
        money: "100000",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    await placeOk(p.token, ROOM, [[0, 1.98, 20]]);
    const round = await currentRound(ROOM);
    expectOk(
      await api("/api/admin/rounds/void", {
        token: await operatorLogin(),
        roundId: round.roundId,
        reason: "#technical",
      }),
    );

    // what the player reads: their ledger's words and their My page's figures
    const own = await new Browser().logIn(p.username, "secret123");
    const ledger = text(await (await own.get("/my_income?lng=en")).text());
    const paidRef = requestRef("withdrawal", paid);
    const rejectedRef = requestRef("withdrawal", rejected);
    expect(ledger).toContain(`Withdrawal paid out Withdrawal ${paidRef}`);
    expect(ledger).toContain(`Withdrawal rejected, refunded Withdrawal ${rejectedRef}`);
    const my = await (await own.get("/user?lng=en")).text();
    const withdrawable = text(/data-testid="withdrawable"[^>]*>([\s\S]*?)<\/div>/.exec(my)?.[1] ?? "").trim();
    const total = text(/data-testid="total-assets"[\s\S]*?class="amount">([\s\S]*?)<\/div>/.exec(my)?.[1] ?? "").trim();

    // each finding checked on its own (expect.soft): one that fails does not hide the others
    const browser = await operatorBrowser();
    const html = await (await browser.get(`/admin/players/${p.id}?lng=en`)).text();
    const rows = sectionRows(html, "Recent ledger");
    const paidRow = rows.find((r) => r.includes(`Withdrawal ${paidRef}`) && !r.includes("rejected"));
    expect.soft(paidRow, rows.join("\n")).toContain("Withdrawal paid out · Withdrawal");
    const holdOfRejected = rows.find((r) => r.includes(`· Withdrawal ${rejectedRef}`) && !r.includes("Refund ·"));
    expect.soft(rows.filter((r) => r.includes("Withdrawal awaiting payout"))).toHaveLength(1);
    expect.soft(holdOfRejected, rows.join("\n")).toContain("Withdrawal rejected, refunded · Withdrawal");
    // a reference reads as one piece: it never breaks inside itself at a phone's width ("W2-" / "0002")
    expect.soft(html).toContain(`<span class="ref">${paidRef}</span>`);

    // the voided round's stake: refunded, with why, never an award
    const bets = sectionRows(html, "Recent bets");
    const voided = bets.find((r) => r.includes(`Round ${round.seqno}`));
    expect.soft(voided, bets.join("\n")).toContain("Refunded 20.00 USD");
    expect.soft(voided).toContain("Why voided");
    expect.soft(voided).not.toContain("Award");

    // the My page's figures, the same as the player reads them
    expect.soft(withdrawable).toMatch(/\d USD$/);
    expect.soft(fact(html, "Withdrawable")).toBe(withdrawable);
    expect.soft(fact(html, "Waiting in withdrawals")).toBe("200.00 USD");
    expect.soft(fact(html, "Locked in finance")).toBe("100,000.00 USD");
    expect.soft(total).toMatch(/\d USD$/);
    expect(fact(html, "Total assets")).toBe(total);

    // the same words in the other languages: the player's words, never a raw key
    for (const lng of ["zh-CN", "zh-TW", "vi"]) {
      const other = text(await (await browser.get(`/admin/players/${p.id}?lng=${lng}`)).text());
      expect(other, lng).not.toMatch(/\b(kinds|status|user|betlist)\.[a-zA-Z]+/);
    }
    await expectMoneyInvariants();
  });

  it("names a level, an account's type and a coin's network as the player reads them (shared/names.ts), in each language", async () => {
    const p = await player();
    await addBank(p.token);
    await addCoinAddress(p.token, "USDT");
    await addCoinAddress(p.token, "ETH");
    const browser = await operatorBrowser();
    const words = {
      en: {
        vip: "VIP 1 · Bronze",
        bank: "Bank card",
        coin: "USDT address | TRC20 (Tron)",
        eth: "ETH address | Ethereum",
        section: "Accounts",
      },
      "zh-CN": {
        vip: "VIP 1 · 青铜",
        bank: "银行卡",
        coin: "USDT 地址 | TRC20（波场）",
        eth: "ETH 地址 | 以太坊",
        section: "收款账户",
      },
      vi: {
        vip: "VIP 1 · Đồng",
        bank: "Thẻ ngân hàng",
        coin: "Địa chỉ USDT | TRC20 (Tron)",
        eth: "Địa chỉ ETH | Ethereum",
        section: "Tài khoản nhận tiền",
      },
    };
    for (const [lng, w] of Object.entries(words)) {
      const file = await (await browser.get(`/admin/players/${p.id}?lng=${lng}`)).text();
      expect(text(file), lng).toContain(w.vip);
      const accounts = sectionRows(file, w.section).join("\n");
      expect(accounts, lng).toContain(`${w.bank} | Vietcombank`);
      // a coin's network in the "Bank or network" column, by the name the player's accounts give it, never the code
      expect(accounts, lng).toContain(`${w.coin} |`);
      expect(accounts, lng).toContain(`${w.eth} |`);
      const list = text(await (await browser.get(`/admin/players?q=${p.username}&lng=${lng}`)).text());
      expect(list, lng).toContain(w.vip);
      expect(list, lng).not.toMatch(/Level 1|等级 1|Cấp 1/);
    }
  });
});
