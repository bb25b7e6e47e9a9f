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
    expect(html).toMatch(/data-testid="bet-totals"[^]*?2 bets[^]*?100\.00[^]*?99\.00[^]*?-1\.00/);
    expect(html).toMatch(new RegExp(`data-testid="bet-draw"[^]*?Sum ${drawn.sum}`));
    const won = (await api("/api/Game/getGamelog2", { token: p.token, type: "won" })).data;
    expect(won.totals).toEqual({ bets: 1, staked: 50, returned: 99, result: 49 });
    await expectMoneyInvariants();
  });
});
