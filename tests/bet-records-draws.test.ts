import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants } from "./helpers";
import { Browser } from "./pages";
import { finishRound, placeOk, playerWith } from "./rooms-helpers";

// Bet records say what each round drew and add up the tab shown: bets, staked, returned, result.

describe("bet records", () => {
  it("show each bet's round draw and the totals of the tab", async () => {
    const p = await playerWith(100_000);
    // Big and small: exactly one wins, 100.00 staked and 99.00 returned, a result of -1.00
    await placeOk(p.token, 1, [
      [0, 1.98, 50],
      [1, 1.98, 50],
    ]);
    const drawn = await finishRound(1);
    const answer = (await api("/api/Game/getGamelog2", { token: p.token, type: "all" })).data;
    expect(answer.totals).toEqual({ bets: 2, staked: 100, returned: 99, result: -1 });
    expect(answer.data[0].draw).toEqual({ numbers: JSON.parse(drawn.numbers), sum: drawn.sum });
    const browser = await new Browser().logIn(p.username, p.password);
    const html = await (await browser.get("/betlist")).text();
    expect(html).toMatch(/data-testid="bet-totals"[^]*?2 bets[^]*?100\.00[^]*?99\.00[^]*?-(<!-- -->)?1\.00/);
    expect(html).toMatch(new RegExp(`data-testid="bet-draw"[^]*?Sum ${drawn.sum}`));
    const won = (await api("/api/Game/getGamelog2", { token: p.token, type: "won" })).data;
    expect(won.totals).toEqual({ bets: 1, staked: 50, returned: 99, result: 49 });
    await expectMoneyInvariants();
  });

  it("write every amount with its currency and show no internal order number", async () => {
    const p = await playerWith(100_000);
    const { ordersn } = await placeOk(p.token, 1, [
      [0, 1.98, 50],
      [1, 1.98, 50],
    ]);
    await finishRound(1);
    const browser = await new Browser().logIn(p.username, p.password);
    const html = await (await browser.get("/betlist")).text();
    const shown = html
      .split("<script")[0]
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(shown).toMatch(/Staked 100\.00 USD Returned 99\.00 USD Result -1\.00 USD/);
    // each card: the stake, and the award (won) or the nothing it got (not won)
    expect(shown.match(/@ 1\.980 50\.00 USD/g)).toHaveLength(2);
    expect(shown).toMatch(/Award 99\.00 USD/);
    expect(shown).toMatch(/Award 0\.00 USD/);
    // what support asks for is on the card (room, round, time); the order's 19-digit number is not
    expect(ordersn).toMatch(/^\d{19}$/);
    expect(shown).not.toContain(ordersn);
    expect(shown).not.toMatch(/\d{13,}/);
    await expectMoneyInvariants();
  });
});
