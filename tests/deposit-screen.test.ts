import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";
import { settings } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The deposit screen says where to send the money: the operator's deposit accounts and the reference to
// write on the transfer, or, with no account set, that deposits go through support. Never a form alone.

const setPayees = (payees: unknown[]) =>
  env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', ?)`)
    .bind(JSON.stringify(payees))
    .run();

describe("the deposit screen", () => {
  it("names the account to pay into and the reference to write: the player's username", async () => {
    await setPayees([{ type: "bank", name: "Techcombank", holder: "DEMO PAYMENTS", account: "19033344455566" }]);
    const p = await player(0);
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/recharge")).text();
    expect(html).toContain("19033344455566");
    expect(html).toMatch(
      new RegExp(
        `data-testid="deposit-reference"[^]*?Write this reference on your transfer[^]*?<code[^>]*>${p.username}</code>`,
      ),
    );
    const vi = await (await browser.get("/recharge?lng=vi")).text();
    expect(vi).toMatch(new RegExp(`data-testid="deposit-reference"[^]*?<code[^>]*>${p.username}</code>`));
    expect(vi).not.toContain("payees.");
  });

  it("says deposits go through support when no deposit account is set", async () => {
    await setPayees([]);
    const p = await player(0);
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/recharge")).text();
    expect(html).toMatch(/data-testid="no-payees"[^]*?No account to pay into is listed yet/);
    expect(html).toMatch(/data-testid="no-payees"[^]*?href="\/ServicePage"/);
    // Nothing to pay into, so nothing to file: no form, in every language, only what to do instead.
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
      const page = await (await browser.get(`/recharge?lng=${lng}`)).text();
      expect(page).toContain('data-testid="no-payees"');
      expect(page).not.toMatch(/name="money"|name="pay_name"/);
    }
  });

  it("shows the form when an account to pay into is listed", async () => {
    await setPayees([{ type: "bank", name: "Techcombank", holder: "DEMO PAYMENTS", account: "19033344455566" }]);
    const p = await player(0);
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/recharge")).text();
    expect(html).toMatch(/name="money"/);
    expect(html).not.toContain('data-testid="no-payees"');
  });
});
