import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants } from "./helpers";
import { Browser } from "./pages";
import { PAY_PASSWORD, balanceCents, player } from "./wallet-helpers";

// The finance screens as a browser without JavaScript uses them: tiers, rules, transfer-in with its
// confirm step and field errors in the player's language, and the order centre.

async function playerBrowser(money = 0) {
  const p = await player(money);
  return { ...p, browser: await new Browser().logIn(p.username, "secret123") };
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("finance screens", () => {
  it("shows a guest the four tiers with rates, the operator note, the rules and a detail page", async () => {
    const guest = new Browser();
    const list = text(await (await guest.get("/finance")).text());
    for (const name of ["Primary", "Intermediate", "Advanced", "Super"]) expect(list).toContain(name);
    expect(list).toContain("0.15%");
    expect(list).toContain("54.75%");
    expect(list).toContain("paid from the house balance");
    // the rules name the day the interest counts in, with its zone once (docs/decisions/185)
    expect(text(await (await guest.get("/productrule")).text())).toContain("Days run from 00:00 to 24:00 UTC+8");
    const detail = text(await (await guest.get("/productdetail?id=2")).text());
    expect(detail).toContain("Intermediate");
    // the example's amount names its currency, as every amount does
    expect(detail).toContain("Example with 300,000 USD");
    expect(detail).toContain("27,000.00"); // 300,000 x 0.3 % x 30 days
    expect((await guest.get("/productdetail?id=99")).status).toBe(404);
  });

  it("shows a signed-in player the balance card with Recharge and Withdraw, a guest none", async () => {
    const { browser } = await playerBrowser(12_345);
    const html = await (await browser.get("/finance")).text();
    expect(html).toMatch(/data-testid="balance"><span class="money">(<!-- -->)?12,345\.00/);
    expect(text(html)).toMatch(/Balance 12,345\.00 USD Withdrawable 12,345\.00 USD Recharge Withdraw/);
    expect(await (await new Browser().get("/finance")).text()).not.toContain('class="balance-card"');
  });

  it("sends a guest from the transfer-in and order pages to /login", async () => {
    for (const path of ["/producttransferin", "/productorder"]) {
      const response = await new Browser().get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain("/login?redirectTo=");
    }
  });

  it("checks the amount by field before the confirm step, in the player's language", async () => {
    const { browser } = await playerBrowser(150_000);
    expect(text(await (await browser.get("/producttransferin?id=1&money=")).text())).toContain(
      "Please enter the amount",
    );
    expect(text(await (await browser.get("/producttransferin?id=1&money=0")).text())).toContain(
      "Amount must be above 0",
    );
    expect(text(await (await browser.get("/producttransferin?id=1&money=5000")).text())).toContain(
      "This product takes at least 100,000",
    );
    expect(text(await (await browser.get("/producttransferin?id=2&money=200000")).text())).toContain(
      "at least 300,000",
    );
    expect(text(await (await browser.get("/producttransferin?id=3&money=900000")).text())).toContain(
      "Insufficient balance",
    );
    await browser.post("/languageSet", { lng: "zh-CN", redirectTo: "/finance" });
    expect(text(await (await browser.get("/producttransferin?id=1&money=")).text())).toContain("请输入金额");
    await browser.post("/languageSet", { lng: "vi", redirectTo: "/finance" });
    expect(text(await (await browser.get("/producttransferin?id=1&money=5000")).text())).toContain(
      "Sản phẩm này cần tối thiểu 100,000",
    );
    await browser.post("/languageSet", { lng: "zh-TW", redirectTo: "/finance" });
    expect(text(await (await browser.get("/producttransferin?id=1&money=abc")).text())).toContain("金額");
  });

  it("states the expected interest on the first step and the open-ended tier's ceiling on its card", async () => {
    const { browser } = await playerBrowser(150_000);
    const first = text(await (await browser.get("/producttransferin?id=1")).text());
    // the tier's least, 100,000 x 0.15 % a day = 150.00 a day, 2,250.00 over 15 days
    expect(first).toMatch(
      /Expected interest over 15 days on 100,000\.00 \S+ ?: 150\.00 \S+ a day · 2,250\.00 \S+ in total, principal back on \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? ?UTC\+8/,
    );
    const superTier = text(await (await browser.get("/producttransferin?id=4")).text());
    expect(superTier).toMatch(/1,500,000\.00 \S+ \+ up to 10,000,000\.00/);
    expect(text(await (await browser.get("/producttransferin?id=4&money=10000000.01")).text())).toContain(
      "This product takes at most 10,000,000",
    );
  });

  it("confirms with the withdrawal password, shows a wrong one by its field, then lists the order", async () => {
    const { browser, id } = await playerBrowser(150_000);
    const confirm = await (await browser.get("/producttransferin?id=1&money=120000")).text();
    expect(confirm).toContain('data-testid="confirm-summary"');
    expect(text(confirm)).toContain("180.00"); // 120,000 x 0.15 % a day
    const fields = { product_id: "1", money: "120000", request_id: "finance-page-test-1" };
    const wrong = await browser.post("/producttransferin?id=1&money=120000", { ...fields, pwd: "wrong999" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/field-error[^>]*>Wrong withdrawal password/);
    expect(await count("finance_orders", "user_id = ?", id)).toBe(0);
    const done = await browser.post("/producttransferin?id=1&money=120000", { ...fields, pwd: PAY_PASSWORD });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/productorder");
    expect(await balanceCents(id)).toBe(3_000_000);
    const orders = text(await (await browser.get("/productorder")).text());
    expect(orders).toContain("Primary");
    expect(orders).toContain("120,000.00");
    expect(orders).toContain("Running");
    expect(orders).toContain("0 of 15 days paid");
    const ledger = text(await (await browser.get("/my_income")).text());
    expect(ledger).toContain("Funds locked");
    await expectMoneyInvariants();
  });
});
