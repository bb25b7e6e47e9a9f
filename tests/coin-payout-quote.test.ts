import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { setMoneySettings } from "./admin-helpers";
import { PAY_PASSWORD, addCoinAddress, player, requestId } from "./wallet-helpers";

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
