import { describe, expect, it } from "vitest";
import { api, expectOk } from "./helpers";
import { Browser } from "./pages";
import { PAY_PASSWORD, player, requestId } from "./wallet-helpers";

// The screens of "where is my money": the My page's total assets and the statement's own lock-up line.

async function lockedPlayer() {
  const p = await player(400_000);
  expectOk(await api("/api/Game/producttransferin", { token: p.token, product_id: 1, money: "100000", pwd: PAY_PASSWORD, request_id: requestId() }));
  const browser = new Browser();
  await browser.logIn(p.username, "secret123");
  return browser;
}

describe("money screens", () => {
  it("shows total assets, the balance and the funds locked in finance with the next maturity on the My page", async () => {
    const browser = await lockedPlayer();
    const html = await (await browser.get("/user")).text();
    expect(html).toMatch(/data-testid="total-assets"[\s\S]*?Total assets[\s\S]*?400,000\.00/);
    expect(html).toMatch(/data-testid="locked-funds"[\s\S]*?Locked in finance[\s\S]*?100,000\.00[\s\S]*?Returns next:[\s\S]*?UTC\+8/);
  });

  it("lists the lock-up on the statement as its own line, with the net result untouched", async () => {
    const browser = await lockedPlayer();
    const html = await (await browser.get("/user/statement?type=all")).text();
    expect(html).toMatch(/data-line="lockups"[\s\S]*?Finance lock-ups[\s\S]*?-(<!-- -->)?100,000\.00/);
    expect(html).not.toContain('data-line="other"');
    expect(html).toMatch(/data-testid="statement-net"[\s\S]*?0\.00/);
  });
});
