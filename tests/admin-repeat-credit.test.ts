import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { placeOk } from "./rooms-helpers";
import { balanceCents, player, requestId, paidInto } from "./wallet-helpers";

// The repeat warning of a credit or debit (shared/adjustments.ts REPEAT_WINDOW_MS) sees every adjustment
// of the last minutes, wherever it stands: behind a burst of bets, still waiting for a second operator;
// and nothing else (a deposit of the same amount is not an adjustment).

/** Posts a confirmed credit from the player's file: 302 when applied, 200 when the repeat warning asks for a tick. */
async function confirmedCredit(browser: Browser, userId: number, money: string) {
  const answer = await browser.post(`/admin/players/${userId}`, {
    intent: "adjust",
    text: "bonus",
    money,
    reason: "ticket 42",
    request_id: requestId(),
    confirmed: "yes",
  });
  const html = answer.status === 200 ? await answer.text() : (await answer.body?.cancel(), "");
  return {
    status: answer.status,
    warned: html.includes("was given the same amount") && html.includes('name="repeat_ok"'),
  };
}

describe("the repeat warning of a credit", () => {
  it("sees a credit made minutes ago behind more bets than the file lists", async () => {
    const p = await player();
    const browser = await consoleBrowser();
    expect((await confirmedCredit(browser, p.id, "1000")).status).toBe(302);
    for (let i = 0; i < 11; i++) await placeOk(p.token, 15, [[0, 1.98, 20]]);
    const again = await confirmedCredit(browser, p.id, "1000");
    expect(again).toEqual({ status: 200, warned: true });
    expect(await balanceCents(p.id)).toBe(100_000 - 11 * 2_000);
    await expectMoneyInvariants();
  });

  it("sees the same amount still waiting for a second operator", async () => {
    const p = await player();
    const asker = await secondOperator();
    const asked = await api("/api/admin/adjust", {
      text: "bonus",
      token: await asker.signIn(),
      userId: p.id,
      money: "15000",
      reason: "VIP bonus",
      request_id: requestId(),
    });
    expect(asked.data.status).toBe("pending");
    const again = await confirmedCredit(await consoleBrowser(), p.id, "15000");
    expect(again).toEqual({ status: 200, warned: true });
  });

  it("does not take a deposit of the same amount for an adjustment", async () => {
    const p = await player();
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 500,
      pay_name: "Payer",
    });
    expectOk(await api("/api/admin/deposits/approve", { token: await operatorLogin(), id: deposit.data.id, note: "" }));
    const credit = await confirmedCredit(await consoleBrowser(), p.id, "500");
    expect(credit.status).toBe(302);
    expect(await balanceCents(p.id)).toBe(100_000);
    await expectMoneyInvariants();
  });
});
