import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { setMoneySettings } from "./admin-helpers";
import { PAY_PASSWORD, addCoinAddress, balanceCents, player, requestId, userIdOf } from "./wallet-helpers";

// A withdrawal to a coin address pays coins: the player sees how many (the approved rate and network fee,
// shared/payouts.ts) before confirming, and the request keeps that quote, which the player's record and the
// operator's card show after, whatever the rate does since (docs/decisions/174).

const visible = (html: string) =>
  html
    .replace(/<script[^]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");

describe("a coin withdrawal's quote", () => {
  it("shows the coins it pays before confirming and keeps them in the request's record", async () => {
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "0.5" } } });
    const p = await player(3_000);
    const coin = await addCoinAddress(p.token, "USDT");
    const browser = await new Browser().logIn(p.username, "secret123");
    // before: 2,000.00 USD x 0.998 = 1,996.00 USDT, less 0.50 USDT of network fee
    const before = visible(await (await browser.get("/withdraw?amount=2000")).text());
    expect(before).toContain(
      "You receive 1,995.50 USDT (2,000.00 USD at 0.998 USDT per USD, less a network fee of 0.50 USDT).",
    );
    const vi = visible(await (await browser.get("/withdraw?amount=2000&lng=vi")).text());
    expect(vi).toContain(
      "Bạn nhận 1,995.50 USDT (2,000.00 USD theo tỷ giá 0.998 USDT cho mỗi USD, trừ phí mạng 0.50 USDT).",
    );

    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: coin.id,
        money: "2000",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const [row] = (await api("/api/Game/getwithdrawlist", { token: p.token })).data.list;
    expect(row.coin).toEqual({
      coin: "USDT",
      gross: "1996.00",
      fee: "0.50",
      net: "1995.50",
      rate: "0.998",
      covers: true,
    });

    // the rate changes after the request: the record and the operator's card keep what the player was told
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.9", fee: "3" } } });
    const after = visible(await (await browser.get("/withdraw?lng=en")).text());
    expect(after).toContain("You receive 1,995.50 USDT (2,000.00 USD at 0.998 USDT per USD");
    const desk = visible(await (await (await consoleBrowser()).get("/admin")).text());
    expect(desk).toContain("1,995.50 USDT");
    await expectMoneyInvariants();
  });

  it("refuses a coin withdrawal whose network fee takes the whole amount, in the player's language, holding nothing", async () => {
    // 10.00 USD x 0.998 = 9.98 USDT: a fee of 9.98 USDT leaves nothing to send, 9.97 leaves 0.01
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "9.98" } } });
    const p = await player(500);
    const coin = await addCoinAddress(p.token, "USDT");
    const ask = (money: string, lang = "en") =>
      api("/api/Game/withdraw", {
        token: p.token,
        bank_id: coin.id,
        money,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
        lang,
      });
    const refused = await ask("10");
    expectError(refused, 1256);
    expect(refused.info).toBe(
      "The network fee takes all of this amount: nothing would be sent. Withdraw more, or to a bank account",
    );
    expect((await ask("9", "zh-CN")).info).toBe(
      "网络手续费会抵消全部金额，不会发出任何币。请提现更多金额，或提现到银行账户",
    );
    expect(await balanceCents(await userIdOf(p.token))).toBe(500_00);
    expect((await api("/api/Game/getwithdrawlist", { token: p.token })).data.list).toEqual([]);

    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "9.97" } } });
    expectOk(await ask("10"));
    const [row] = (await api("/api/Game/getwithdrawlist", { token: p.token })).data.list;
    expect(row.coin).toMatchObject({ net: "0.01", covers: true });
    await expectMoneyInvariants();
  });

  it("says nothing of coins for a bank account, and names a missing rate instead of guessing", async () => {
    await setMoneySettings({ coin_payouts: { BTC: { rate: "0.0000105", fee: "0.0002" } } });
    const p = await player(500);
    await addCoinAddress(p.token, "USDT");
    const browser = await new Browser().logIn(p.username, "secret123");
    const page = visible(await (await browser.get("/withdraw?amount=100")).text());
    expect(page).toContain("No USDT payout rate is set yet");
    expect(page).not.toContain("You receive");
  });
});
