import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { consoleBrowser } from "./console-pages";
import { setMoneySettings } from "./admin-helpers";
import { PAY_PASSWORD, addBank, addCoinAddress, balanceCents, player, requestId, userIdOf } from "./wallet-helpers";

// A withdrawal to a coin address pays coins: the player sees how many (the approved rate and network fee,
// shared/payouts.ts) before confirming, and the request keeps that quote, which the player's record and the
// operator's card show after, whatever the rate does since (docs/decisions/174).

const visible = (html: string) =>
  html
    .replace(/<script[^]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");

/** The hidden fields of a page's forms, by name: what a browser sends back with the form. */
const hiddenFields = (html: string): Record<string, string> =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );

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
    const coin = await addCoinAddress(p.token, "USDT");
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/withdraw?amount=100")).text();
    const page = visible(html);
    expect(page).toContain("No USDT payout rate is set yet");
    expect(page).not.toContain("You receive");
    // what the form says it showed for this account: its coin, with no rate
    expect(hiddenFields(html)).toMatchObject({
      [`quote_coin_${coin.id}`]: "USDT",
      [`quote_rate_${coin.id}`]: "",
      [`quote_fee_${coin.id}`]: "",
    });
  });

  it("sends the terms of the coin address chosen on a page drawn with a bank account first (picked before the scripts ran)", async () => {
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "0.5" } } });
    const p = await player(3_000);
    const bank = await addBank(p.token);
    const coin = await addCoinAddress(p.token, "USDT");
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/withdraw?amount=2000")).text();
    // the page opens on the bank account: no coin figure shown for it
    expect(html).toContain(`<input type="radio" name="bank_id" checked="" value="${bank.id}"/>`);
    expect(visible(html)).not.toContain("You receive");
    // a new rate is approved; the player picks the coin address and confirms what the page said of it
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.99", fee: "1" } } });
    const refused = await browser.post("/withdraw", {
      ...hiddenFields(html),
      bank_id: String(coin.id),
      money: "2000",
      pwd: PAY_PASSWORD,
    });
    expect(refused.status).toBe(400);
    expect(visible(await refused.text())).toContain(
      "The coin rate or network fee has changed since this page showed it",
    );
    expect((await api("/api/Game/getwithdrawlist", { token: p.token })).data.list).toEqual([]);
    expect(await balanceCents(await userIdOf(p.token))).toBe(3_000_00);
  });

  it("says the coin rate could not be loaded and offers no confirm, in the player's language; a confirm sent anyway holds nothing (1261)", async () => {
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "0.5" } } });
    const p = await player(3_000);
    const coin = await addCoinAddress(p.token, "USDT");
    const browser = await new Browser().logIn(p.username, "secret123");
    // a page whose list (and with it the rates) fails to load: a cursor the API refuses
    const words = {
      en: ["The USDT payout rate could not be loaded", "The coin payout rate could not be loaded"],
      "zh-CN": ["无法加载 USDT 的出款汇率", "无法加载币的出款汇率"],
      "zh-TW": ["無法載入 USDT 的出款匯率", "無法載入幣的出款匯率"],
      vi: ["Không tải được tỷ giá trả USDT", "Không tải được tỷ giá trả coin"],
    };
    for (const [lng, [line, refusal]] of Object.entries(words)) {
      const html = await (await browser.get(`/withdraw?amount=2000&after=not-a-cursor&lng=${lng}`)).text();
      expect(visible(html), lng).toContain(line);
      expect(html, lng).toMatch(/<button class="button" type="submit" disabled=""/);
      expect(hiddenFields(html), lng).toEqual(
        expect.not.objectContaining({ [`quote_rate_${coin.id}`]: expect.anything() }),
      );
      const sent = await browser.post(`/withdraw?lng=${lng}`, {
        ...hiddenFields(html),
        bank_id: String(coin.id),
        money: "2000",
        pwd: PAY_PASSWORD,
      });
      expect(sent.status, lng).toBe(400);
      expect(visible(await sent.text()), lng).toContain(refusal);
    }
    expect((await api("/api/Game/getwithdrawlist", { token: p.token })).data.list).toEqual([]);
    expect(await balanceCents(await userIdOf(p.token))).toBe(3_000_00);
  });

  it("refuses a request whose coin figure moved since the page showed it, then keeps the new one it shows", async () => {
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "0.5" } } });
    const p = await player(3_000);
    const coin = await addCoinAddress(p.token, "USDT");
    const browser = await new Browser().logIn(p.username, "secret123");
    const shown = await (await browser.get("/withdraw?amount=2000")).text();
    expect(visible(shown)).toContain("You receive 1,995.50 USDT (2,000.00 USD at 0.998 USDT per USD");
    // a new rate and fee are approved while the player reads the page
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.99", fee: "1" } } });
    const confirm = (html: string) =>
      browser.post("/withdraw", { ...hiddenFields(html), bank_id: String(coin.id), money: "2000", pwd: PAY_PASSWORD });

    const refused = await confirm(shown);
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(visible(again)).toContain(
      "The coin rate or network fee has changed since this page showed it: check the coins you receive now and confirm again",
    );
    // the page the refusal answers shows what a confirm now keeps
    expect(visible(again)).toContain(
      "You receive 1,979.00 USDT (2,000.00 USD at 0.99 USDT per USD, less a network fee of 1.00 USDT).",
    );
    expect(await balanceCents(await userIdOf(p.token))).toBe(3_000_00);
    expect((await api("/api/Game/getwithdrawlist", { token: p.token })).data.list).toEqual([]);

    const kept = await confirm(again);
    expect(kept.status).toBe(302);
    await kept.body?.cancel();
    const [row] = (await api("/api/Game/getwithdrawlist", { token: p.token })).data.list;
    expect(row.coin).toEqual({
      coin: "USDT",
      gross: "1980.00",
      fee: "1.00",
      net: "1979.00",
      rate: "0.99",
      covers: true,
    });
    await expectMoneyInvariants();
  });

  it("refuses moved terms through the API too, in the player's language; a client that shows no figure is not asked", async () => {
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "0.5" } } });
    const p = await player(500);
    const coin = await addCoinAddress(p.token, "USDT");
    const bank = await addBank(p.token);
    const shown = { quote_coin: "USDT", quote_rate: "0.998", quote_fee: "0.5" };
    const ask = (terms: Record<string, string>, { lang = "en", to = coin.id } = {}) =>
      api("/api/Game/withdraw", {
        token: p.token,
        bank_id: to,
        money: "100",
        pwd: PAY_PASSWORD,
        request_id: requestId(),
        lang,
        ...terms,
      });
    // another rate, another fee, another coin's figure, or "no rate yet" while one is approved
    for (const moved of [{ quote_rate: "0.999" }, { quote_fee: "0.4" }, { quote_coin: "BTC" }, { quote_rate: "" }])
      expectError(await ask({ ...shown, ...moved }), 1260);
    expect((await ask({ ...shown, quote_rate: "1" }, { lang: "zh-CN" })).info).toBe(
      "此页面显示后，币的汇率或网络手续费已变更：请核对现在可收到的币数，然后再次确认",
    );
    expect(await balanceCents(await userIdOf(p.token))).toBe(500_00);
    expect((await api("/api/Game/getwithdrawlist", { token: p.token })).data.list).toEqual([]);

    expectOk(await ask(shown));
    // a legacy client shows no figure and sends none: the request keeps the approved quote, as before
    expectOk(await ask({}));
    // a bank account pays no coins: a figure sent with it is not compared
    expectOk(await ask({ ...shown, quote_rate: "0.5" }, { to: bank.id }));
    const rows = (await api("/api/Game/getwithdrawlist", { token: p.token })).data.list;
    expect(rows.map((r: { coin: { rate: string } | null }) => r.coin?.rate ?? null).sort()).toEqual([
      "0.998",
      "0.998",
      null,
    ]);

    // no rate approved: the page says so and sends empty terms, which is what holds
    await setMoneySettings({ coin_payouts: {} });
    expectError(await ask(shown), 1260);
    expectOk(await ask({ quote_coin: "USDT", quote_rate: "", quote_fee: "" }));
    await expectMoneyInvariants();
  });
});
