import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { PAY_PASSWORD, addCoinAddress, player, requestId } from "./wallet-helpers";
import { settings } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// "Withdrawable" is what can leave today: the balance (held withdrawals have already left it) within what the
// day's cap has left. The Worker answers it once (getuserinfo's leftmoney, shared/withdrawable.ts); every
// screen shows that figure and never more.

const setCap = (cents: number | null) =>
  cents === null
    ? env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key = 'withdraw_daily_cap_cents'`).run()
    : env.DB.prepare(
        `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('withdraw_daily_cap_cents', ?)`,
      )
        .bind(String(cents))
        .run();

async function ready(money: number) {
  const p = await player(money);
  const card = await addCoinAddress(p.token, "USDT");
  return { ...p, card };
}

const withdraw = (token: string, bankId: number, money: string) =>
  api("/api/Game/withdraw", { token, bank_id: bankId, money, pwd: PAY_PASSWORD, request_id: requestId() });

const profile = async (token: string) => (await api("/api/Game/getuserinfo", { token })).data;

/** The figure a page shows under data-testid, as text without tags. */
function figure(html: string, testId: string) {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([^]*?)</(?:div|dd)>`).exec(html);
  return match?.[1]
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

describe("withdrawable", () => {
  it("is the day's cap left when that is below the balance, and shrinks with each request", async () => {
    const { token, username, card } = await ready(1_000);
    await setCap(30_000);
    try {
      expect(await profile(token)).toMatchObject({ money: 1_000, leftmoney: 300 });
      expectOk(await withdraw(token, card.id, "120"));
      expect(await profile(token)).toMatchObject({ money: 880, leftmoney: 180, withdrawing: 120 });
      const browser = await new Browser().logIn(username, "secret123");
      for (const path of ["/withdraw", "/user", "/"]) {
        const page = await (await browser.get(path)).text();
        expect(figure(page, "withdrawable"), path).toBe("180.00 USD");
      }
      // the "all" preset fills in that same figure
      expect(await (await browser.get("/withdraw")).text()).toContain('href="/withdraw?amount=180.00"');
      await expectMoneyInvariants();
    } finally {
      await setCap(null);
    }
  });

  it("is the balance after a hold, or the cap's rest once the hold has used part of the cap", async () => {
    const { token, card } = await ready(100);
    expectOk(await withdraw(token, card.id, "30"));
    expect(await profile(token)).toMatchObject({ money: 70, leftmoney: 70, withdrawing: 30 });
    await setCap(8_000);
    try {
      // 80 capped, 30 of it used by the hold: 50 left today, below the 70 of balance
      expect(await profile(token)).toMatchObject({ money: 70, leftmoney: 50 });
    } finally {
      await setCap(null);
    }
  });
});
