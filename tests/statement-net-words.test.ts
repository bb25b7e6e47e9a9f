import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { currentRound, finishRound, placeOk, playerWith } from "./rooms-helpers";

// The statement's net result counts a voided round's refund (a stake that came back nets to zero, as in the bet
// records and the loss limit: docs/decisions/196-net-result-and-bet-references.md), so its label names the refunds
// beside awards and stakes, in every language, and the figure is those three lines added up.

const ROOM = 16;

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

/** A statement line's label and figure (signed, in cents) from the page. */
function line(html: string, marker: string) {
  const start = html.indexOf(marker);
  expect(start, marker).toBeGreaterThan(-1);
  const row = html.slice(start, html.indexOf("</div>", start));
  const label = text(/<dt>([^]*?)<\/dt>/.exec(row)![1]).trim();
  const figure = /([+-]?)([\d,]+\.\d{2})/.exec(text(/<dd>([^]*?)<\/dd>/.exec(row)![1]))!;
  const cents = Math.round(Number(figure[2].replace(/,/g, "")) * 100);
  return { label, cents: figure[1] === "-" ? -cents : cents };
}

describe("the statement's net result", () => {
  it("adds awards and refunds to the stakes and says so in four languages", async () => {
    const p = await playerWith(100_000);
    // Big and Small: one of them wins, the other not
    await placeOk(p.token, ROOM, [
      [0, 1.98, 50],
      [1, 1.98, 50],
    ]);
    await finishRound(ROOM);
    await placeOk(p.token, ROOM, [[0, 1.98, 20]]);
    const round = await currentRound(ROOM);
    expectOk(
      await api("/api/admin/rounds/void", { token: await operatorLogin(), roundId: round.roundId, reason: "#draw" }),
    );

    const browser = await new Browser().logIn(p.username, p.password);
    for (const [lng, refundsWord] of [
      ["en", "refunds"],
      ["zh-CN", "退款"],
      ["zh-TW", "退款"],
      ["vi", "hoàn tiền"],
    ]) {
      await browser.post("/languageSet", { lng }).then((r) => r.body?.cancel());
      const page = await (await browser.get("/user/statement?type=all")).text();
      const net = line(page, 'data-testid="statement-net"');
      const stakes = line(page, 'data-line="stakes"');
      const awards = line(page, 'data-line="awards"');
      const refunds = line(page, 'data-line="refunds"');
      expect([stakes.cents, refunds.cents], lng).toEqual([-12_000, 2_000]);
      expect(awards.cents, lng).toBeGreaterThan(0);
      expect(net.cents, lng).toBe(stakes.cents + awards.cents + refunds.cents);
      // the label names every line it adds up: the refunds line's own word among them
      expect(refunds.label.toLowerCase(), lng).toContain(refundsWord);
      expect(net.label.toLowerCase(), lng).toContain(refundsWord);
    }
    await expectMoneyInvariants();
  });
});
