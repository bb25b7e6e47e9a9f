import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { finishRound, placeOk } from "./rooms-helpers";
import { PAY_PASSWORD, addCoinAddress, operator, player, requestId } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { withdrawalRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The player's money cards say where all of it is: money waiting in withdrawals beside the balance,
// and how far the turnover is from the next VIP level.

async function withdrawing() {
  const p = await player(100);
  const card = await addCoinAddress(p.token, "USDT");
  for (const money of ["60", "15.50"])
    expectOk(
      await api("/api/Game/withdraw", {
        token: p.token,
        bank_id: card.id,
        money,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
  return p;
}

describe("money waiting in withdrawals", () => {
  it("shows on every balance card until it is paid out", async () => {
    const p = await withdrawing();
    expect((await api("/api/Game/getuserinfo", { token: p.token })).data).toMatchObject({
      money: 24.5,
      withdrawing: 75.5,
    });
    const browser = await new Browser().logIn(p.username, "secret123");
    for (const path of ["/user", "/withdraw", "/finance", "/"]) {
      const html = await (await browser.get(path)).text();
      expect(html, path).toContain("Waiting in withdrawals");
      expect(html, path).toMatch(/data-testid="withdrawing"[^]*?75\.50/);
    }
    const vi = await (await browser.get("/user?lng=vi")).text();
    expect(vi).toMatch(/data-testid="withdrawing"[^]*?Đang chờ rút[^]*?75\.50/);
    const ids = (
      await (
        await playerD1(p.id)
      )
        .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
        .bind(p.id)
        .all<{ id: number }>()
    ).results;
    for (const { id } of ids)
      expectOk(
        await api("/api/admin/withdrawals/approve", { token: await operator(), id, payout_ref: "FT-TEST-0001" }),
      );
    expect(await (await browser.get("/user")).text()).not.toContain('data-testid="withdrawing"');
    await expectMoneyInvariants();
  });
});

describe("VIP progress", () => {
  it("shows the turnover and what the next level needs on the My page", async () => {
    const p = await player(500);
    await placeOk(p.token, 1, [[0, 1.98, 120]]);
    await finishRound(1);
    const assets = (await api("/api/Game/getassets", { token: p.token })).data;
    // seed thresholds: level 2 (Silver) from 1,000.00 of turnover
    expect(assets.vip).toEqual({ turnover: 120, next: { level: 2, levelKey: "silver", turnover: 1000 } });
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/user")).text();
    // the next level's name is one piece, never "VIP 2 ·" at a line's end and "Silver" alone on the next
    expect(html).toMatch(/data-testid="vip-progress"[^]*?120\.00[^]*?1,000\.00[^]*?VIP\u00a02\u00a0·\u00a0Silver/);
    const vi = await (await browser.get("/user?lng=vi")).text();
    expect(vi).toMatch(/data-testid="vip-progress"[^]*?để lên VIP\u00a02\u00a0·\u00a0Bạc/);
    expect(html).toMatch(/<progress[^>]*value="120"[^>]*max="1000"/);
    await expectMoneyInvariants();
  });
});

describe("the statement's balances", () => {
  it("opens and closes with the balance read from the ledger, the change between them", async () => {
    const p = await player(100);
    await placeOk(p.token, 1, [[0, 1.98, 20]]);
    const all = (await api("/api/Game/getstatement", { token: p.token, type: "all" })).data;
    expect(all).toMatchObject({ opening: 0, closing: 80, change: 80 });
    // a period that starts tomorrow (UTC+8) opens with today's closing balance and changes nothing
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const later = (await api("/api/Game/getstatement", { token: p.token, start: tomorrow, end: tomorrow })).data;
    expect(later).toMatchObject({ opening: 80, closing: 80, change: 0 });
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/user/statement?type=all")).text();
    expect(html).toMatch(/data-testid="statement-opening"[^]*?Opening balance[^]*?0\.00/);
    expect(html).toMatch(/data-testid="statement-closing"[^]*?Closing balance[^]*?80\.00/);
    await expectMoneyInvariants();
  });
});
