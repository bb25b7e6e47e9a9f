import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { operatorBrowser } from "./console-pages";
import { currentRound, finishRound, placeOk, playerWith, stubOf } from "./rooms-helpers";
import { PAY_PASSWORD, addCoinAddress, operator, player, requestId } from "./wallet-helpers";
import { drawNumbers, fromHex } from "#shared/games/fairness";
import { resultOf } from "#shared/games/rules";
import { requestRef } from "#shared/request-ref";
import { playerD1 } from "./shard-helpers";
import { withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Sentences the player screens say about money must be true: what a round paid against what it cost,
// what a limit refusal and a limit's use say, what the finance preview figures are for, what became
// of a withdrawal, and one word for one thing in every language.

/** Big (0) or small (1), whichever the round in play of Lucky 28 room 1 will draw: read from its seed. */
async function winnerOfBigSmall(roomId = 1) {
  const round = await currentRound(roomId);
  const seed = await runInDurableObject(
    stubOf(roomId),
    (_room, state) =>
      state.storage.sql
        .exec<{ seed_hex: string }>("SELECT seed_hex FROM round_seeds WHERE seqno = ?", round.seqno)
        .toArray()[0]?.seed_hex,
  );
  expect(seed).toBeTruthy();
  const result = resultOf(1, await drawNumbers(fromHex(seed!), roomId, round.seqno, 1));
  return result.sum >= 14 ? 0 : 1;
}

const page = async (browser: Browser, path: string) => (await browser.get(path)).text();

describe("the room's word on the last round", () => {
  it("calls 99.00 back on 100.00 staked a loss of 1.00, never a win", async () => {
    const p = await playerWith(100_000);
    const browser = await new Browser().logIn(p.username, p.password);
    await placeOk(p.token, 1, [
      [0, 1.98, 50],
      [1, 1.98, 50],
    ]);
    const drawn = await finishRound(1);
    const html = await page(browser, "/activity/1");
    expect(html).not.toContain("You won 99.00");
    expect(html).toMatch(new RegExp(`Round ${drawn.seqno}: 99\\.00 paid on 100\\.00 staked, a loss of 1\\.00`));
    // the funds ledger names the round's 99.00 what it is, a payout, in every language: never a win
    for (const [lng, payout, win] of [
      ["en", "Payout", /Winnings|won/i],
      ["zh-CN", "派彩", /中奖/],
      ["zh-TW", "派彩", /中獎/],
      ["vi", "Tiền trả thưởng", /Thắng cược/i],
    ] as const) {
      const ledger = await page(browser, `/my_income?lng=${lng}`);
      const row = /data-kind="earn"[^]*?<\/li>/.exec(ledger)?.[0] ?? "";
      expect(row, lng).toContain(payout);
      expect(row, lng).not.toMatch(win);
    }
    await expectMoneyInvariants();
  });

  it("calls a real gain a win, net of the stake, in the player's language", async () => {
    const p = await playerWith(100_000);
    const browser = await new Browser().logIn(p.username, p.password);
    await placeOk(p.token, 1, [[await winnerOfBigSmall(), 1.98, 100]]);
    const drawn = await finishRound(1);
    expect(await page(browser, "/activity/1")).toMatch(
      new RegExp(`Round ${drawn.seqno}: you won 98\\.00 \\(198\\.00 paid on 100\\.00 staked\\)`),
    );
    const vi = await page(browser, "/activity/1?lng=vi");
    expect(vi).toContain("198.00");
    expect(vi).not.toContain("round.");
    await expectMoneyInvariants();
  });
});

describe("a limit refusal", () => {
  it("says what is left and no 'more from —' when nothing counts yet", async () => {
    const p = await playerWith(100_000);
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 50 }));
    for (const lang of ["en", "chs", "cht", "vi"]) {
      const refused = await api("/api/Game/order", {
        token: p.token,
        lang,
        roomid: 1,
        gameid: (await currentRound(1)).roundId,
        order_info: [[0, 1.98, 100]],
      });
      expectError(refused, 3003);
      expect(refused.info).toContain("50.00");
      expect(refused.info).not.toContain("—");
      expect(refused.info).not.toMatch(/\{\{|\}\}/);
    }
  });
});

describe("a loss limit while the player is ahead", () => {
  it("shows nothing used and how far ahead, never a negative 'used'", async () => {
    const p = await playerWith(100_000);
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "loss", period: "day", money: 500 }));
    await placeOk(p.token, 1, [[await winnerOfBigSmall(), 1.98, 100]]);
    await finishRound(1);
    const view = await api("/api/Game/getprotection", { token: p.token });
    const loss = view.data.limits.find(
      (l: { kind: string; period: string }) => l.kind === "loss" && l.period === "day",
    );
    expect(loss).toMatchObject({ used: 0, ahead: 98 });
    const browser = await new Browser().logIn(p.username, p.password);
    const html = await page(browser, "/user/limits");
    expect(html).toMatch(/data-testid="limit-loss-day"[^]*?Used[^]*?0\.00[^]*?ahead by[^]*?98\.00/);
    expect(html).not.toMatch(/data-testid="limit-loss-day"[^]*?Used[^]*?-(<!-- -->)?98\.00/);
    // the operator on the player's file reads the same figures about the player, not the player's own words
    const file = await page(await operatorBrowser(), `/admin/players/${p.userId}`);
    expect(file).toMatch(/data-testid="limit-loss-day"[^]*?Used[^]*?0\.00[^]*?the player is ahead by[^]*?98\.00/);
    expect(file).not.toContain("you are ahead by");
    await expectMoneyInvariants();
  });
});

describe("the finance preview", () => {
  it("figures the amount typed, not the tier's least", async () => {
    const p = await player(1_000);
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await page(browser, "/producttransferin?id=1&money=250000");
    // 250,000 x 0.15 % a day = 375.00; the least (100,000) would be 150.00
    expect(html).toMatch(/data-testid="expected-interest"[^]*?250,000\.00[^]*?375\.00/);
    const typedWithSeparators = await page(browser, "/producttransferin?id=1&money=2%2C500");
    expect(typedWithSeparators).toMatch(/data-testid="expected-interest"[^]*?2,500\.00[^]*?3\.75/);
    expect(typedWithSeparators).not.toMatch(/data-testid="expected-interest"[^]*?100,000\.00/);
  });
});

describe("a paid-out withdrawal in the funds ledger", () => {
  it("reads paid out, not requested with a pending clock; a pending one reads awaiting payout", async () => {
    const p = await player(100);
    const card = await addCoinAddress(p.token, "USDT");
    for (const money of ["60", "10"])
      expectOk(
        await api("/api/Game/withdraw", {
          token: p.token,
          bank_id: card.id,
          money,
          pwd: PAY_PASSWORD,
          request_id: requestId(),
        }),
      );
    const ids = (
      await (
        await playerD1(p.id)
      )
        .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ? ORDER BY id`)
        .bind(p.id)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    expectOk(
      await api("/api/admin/withdrawals/approve", { token: await operator(), id: ids[0], payout_ref: "FT-TEST-0001" }),
    );
    const flow = (await api("/api/Game/getfinanceflow", { token: p.token, type: "all" })).data.list as Array<{
      kind: string;
      money: number;
      reasonParams: Record<string, unknown> | null;
    }>;
    expect(flow.find((r) => r.money === -60)).toMatchObject({ kind: "withdrawn", reasonParams: { id: ids[0] } });
    expect(flow.find((r) => r.money === -10)).toMatchObject({ kind: "wait", reasonParams: { id: ids[1] } });
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await page(browser, "/my_income");
    expect(html).toMatch(
      new RegExp(
        `data-kind="withdrawn"[^]*?Withdrawal paid out[^]*?Withdrawal <span class="ref">${requestRef("withdrawal", ids[0])}</span>`,
      ),
    );
    expect(html).toMatch(
      new RegExp(
        `data-kind="wait"[^]*?Withdrawal awaiting payout[^]*?Withdrawal <span class="ref">${requestRef("withdrawal", ids[1])}</span>`,
      ),
    );
    expect(html).not.toContain("Withdrawal held");
    await expectMoneyInvariants();
  });
});

describe("one word for one thing", () => {
  it.each(["en", "zh-CN", "zh-TW", "vi"])(
    "names every screen of the My menu as its own header does (%s)",
    async (lng) => {
      const p = await player(0);
      const browser = await new Browser().logIn(p.username, "secret123");
      const menu = await page(browser, `/user?lng=${lng}`);
      const links = [
        ...menu.matchAll(
          /<li><a[^>]*href="(\/(?:my_income|betlist|finance|user\/limits|my_password|languageSet|my_set))"[^>]*>([^<]+)<\/a><\/li>/g,
        ),
      ];
      expect(links.length).toBeGreaterThanOrEqual(6);
      for (const [, href, label] of links) {
        const screen = await page(browser, `${href}?lng=${lng}`);
        const title = /<header class="page-header">[^]*?<h1>([^<]+)<\/h1>/.exec(screen)?.[1];
        expect(title, `${href} in ${lng}`).toBe(label);
      }
    },
  );

  it("calls the statement Bảng kê and the funds ledger Sổ quỹ in Vietnamese, nowhere Sao kê", async () => {
    const p = await player(0);
    const browser = await new Browser().logIn(p.username, "secret123");
    for (const path of ["/user", "/my_income", "/user/limits", "/user/statement", "/message?tab=inbox"]) {
      const html = await page(browser, `${path}${path.includes("?") ? "&" : "?"}lng=vi`);
      expect(html, path).not.toMatch(/Sao kê/i);
    }
  });
});

describe("the order confirm", () => {
  it("says the time left to bet (it covers the room's clock) and its totals with the currency", async () => {
    const p = await playerWith(100_000);
    const browser = await new Browser().logIn(p.username, p.password);
    await currentRound(1);
    const review = await browser.post("/activity/1", [
      ["intent", "review"],
      ["option", "0"],
      ["option", "6"],
      ["amount", "50"],
    ]);
    expect(review.status).toBe(200);
    const html = await review.text();
    expect(html).toMatch(/data-testid="confirm-clock"[^]*?Betting closes in[^]*?\d\d:\d\d/);
    expect(html).toMatch(
      /class="confirm-total"[^]*?100\.00(<!-- -->)? <small>USD<\/small>[^]*?900\.00(<!-- -->)? <small>USD<\/small>/,
    );
  });
});

describe("the login screen", () => {
  it("asks for the username first, with no dial code above it (a username signs in, not a phone)", async () => {
    const html = await (await new Browser().get("/login")).text();
    const form = /<form method="post"[^]*?<\/form>/.exec(html)![0];
    expect(form).not.toContain('name="quhao"');
    expect(form.indexOf('name="username"')).toBeGreaterThan(0);
  });
});
