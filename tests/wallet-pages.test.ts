import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { operator, player, requestId, paidInto } from "./wallet-helpers";
import { settings } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The wallet screens as a browser without JavaScript uses them: deposit page and funds ledger.

const AUTH_ROUTES = ["/withdraw", "/banklist", "/bankadd", "/my_income"];

async function html(response: Response) {
  expect(response.headers.get("content-type")).toContain("text/html");
  return response.text();
}

/** A logged-in browser for a new player (optionally with money from the operator). */
async function playerBrowser(money = 0) {
  const p = await player(money);
  const browser = await new Browser().logIn(p.username, "secret123");
  return { ...p, browser };
}

describe("guards", () => {
  it.each(AUTH_ROUTES)("sends a guest from %s to /login and back", async (path) => {
    const response = await new Browser().get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("shows a guest the deposit page with a log-in prompt, not an error or a form", async () => {
    const response = await new Browser().get("/recharge");
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain("Log in to deposit");
    expect(page).toContain('href="/login?redirectTo=%2Frecharge"');
    expect(page).not.toContain('name="pay_name"');
  });

  it("refuses a deposit posted by a guest", async () => {
    const response = await new Browser().post("/recharge", { money: "100", pay_name: "X" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login");
  });

  it("maps the back segment to our own pages only", async () => {
    const browser = new Browser();
    expect(await html(await browser.get("/recharge/activity-16"))).toContain('href="/activity/16"');
    for (const odd of ["/recharge/evil.example", "/recharge/admin", "/recharge/activity"]) {
      const page = await html(await browser.get(odd));
      expect(page).not.toContain('aria-label="Back"');
    }
  });
});

/** The deposit form shows only while an account to pay into is listed; the rest of the file deposits with none. */
async function listingAPayee<T>(run: () => Promise<T>): Promise<T> {
  const payees = [{ type: "bank", name: "Techcombank", holder: "DEMO PAYMENTS", account: "19033344455566" }];
  const write = (value: unknown[]) =>
    env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', ?)`)
      .bind(JSON.stringify(value))
      .run();
  await write(payees);
  try {
    return await run();
  } finally {
    await write([]);
  }
}

describe("deposit page", () => {
  it("shows the form with a fresh request id and the minimum", () =>
    listingAPayee(async () => {
      const { browser } = await playerBrowser();
      const first = await html(await browser.get("/recharge"));
      const second = await html(await browser.get("/recharge"));
      const idOf = (page: string) => /name="request_id" value="([^"]+)"/.exec(page)?.[1];
      expect(idOf(first)).toMatch(/^[0-9a-f-]{36}$/);
      expect(idOf(first)).not.toBe(idOf(second));
      expect(first).toContain("Minimum deposit");
      expect(first).toContain("No deposit requests yet");
    }));

  it("shows each refused field next to it and writes nothing", () =>
    listingAPayee(async () => {
      const { browser, id } = await playerBrowser();
      const below = await browser.post("/recharge", { money: "5", pay_name: "Nguyen Van A", request_id: requestId() });
      expect(below.status).toBe(400);
      const belowPage = await html(below);
      expect(belowPage).toContain("Amount must be at least 10");
      expect(belowPage).toMatch(/id="money-error"/);
      expect(belowPage).toContain('value="Nguyen Van A"'); // typed values come back without JavaScript
      const noName = await browser.post("/recharge", { money: "50", pay_name: " ", request_id: requestId() });
      expect(noName.status).toBe(400);
      expect(await html(noName)).toMatch(/id="pay_name-error"[^>]*>Please enter the payer name/);
      const junk = await browser.post("/recharge", { money: "1e3", pay_name: "A", request_id: requestId() });
      expect(await html(junk)).toContain("Wrong amount");
      expect(await count("deposit_requests", "user_id = ?", id)).toBe(0);
    }));

  it("asks once per request id, lists the request, and shows it credited after approval", async () => {
    const { browser, id } = await playerBrowser();
    const key = requestId();
    const paid = await paidInto();
    for (let i = 0; i < 2; i++) {
      const response = await browser.post("/recharge", {
        money: "250.5",
        pay_name: "Nguyen Van A",
        ...paid,
        request_id: key,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/recharge");
    }
    expect(await count("deposit_requests", "user_id = ?", id)).toBe(1);
    const pending = await html(await browser.get("/recharge"));
    expect(pending).toContain("Deposit request sent");
    expect(pending).toContain("250.50");
    expect(pending).toContain("Pending");

    const [{ id: depositId }] = (await api("/api/admin/deposits", { token: await operator(), userId: id })).data.list;
    expectOk(await api("/api/admin/deposits/approve", { token: await operator(), id: depositId }));
    const approved = await html(await browser.get("/recharge"));
    expect(approved).toContain("Approved");
    expect(approved).toMatch(/data-testid="balance"[^>]*><span class="money">250.50/);
    await expectMoneyInvariants();
  });

  it("shows the support link instead of the form when deposits go through support", async () => {
    const { browser, id } = await playerBrowser();
    await env.DB.prepare(
      `INSERT INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_mode', '"contact"') ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    ).run();
    try {
      // no chat link set: the card leads to the app's own support page
      const own = await html(await browser.get("/recharge"));
      expect(own).toMatch(/data-testid="support-card"[^]*?<a [^>]*href="\/ServicePage"/);
      await env.DB.prepare(
        `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('kefu_url', '"https://support.example/chat"')`,
      ).run();
      const page = await html(await browser.get("/recharge"));
      expect(page).toContain('data-testid="support-card"');
      expect(page).toContain('href="https://support.example/chat" target="_blank"');
      expect(page).not.toContain('name="pay_name"');
      // A form still open in another tab gets 2056 and the support link too.
      const late = await browser.post("/recharge", { money: "100", pay_name: "A", request_id: requestId() });
      expect(late.status).toBe(400);
      const latePage = await html(late);
      expect(latePage).toContain("Please contact support to deposit");
      expect(latePage).toContain('data-testid="support-card"');
      expect(await count("deposit_requests", "user_id = ?", id)).toBe(0);
    } finally {
      await env.DB.prepare(`DELETE FROM ${quotedTable(settings)} WHERE key IN ('deposit_mode', 'kefu_url')`).run();
    }
  });
});

describe("funds ledger page", () => {
  it("lists every movement with its kind, reason, sign and balance before", async () => {
    const { browser } = await playerBrowser(300);
    const page = await html(await browser.get("/my_income"));
    expect(page).toContain('data-testid="ledger"');
    // funded by an operator's credit: the player reads it as an adjustment with its text, never the internal note
    expect(page).toContain("Adjustment");
    expect(page).toContain("Balance correction");
    expect(page).not.toContain("test funds");
    expect(page).toMatch(/class="ledger-row income"/);
    expect(page).toMatch(/\+<!-- -->300.00/);
    expect(page).toMatch(/Before[\s\S]{0,80}0.00/);
  });

  it("gives each row's title the row's width, never the narrow column beside the figures", async () => {
    const { browser } = await playerBrowser(300);
    const page = await html(await browser.get("/my_income?lng=vi"));
    const row = /<li class="ledger-row income"[^>]*>([^]*?)<\/li>/.exec(page)?.[1] ?? "";
    // the icon, then the title, each a cell of the row's grid (app/styles/wallet.css): the title spans the figures'
    // column too, then the reason and time beside the amount and the balance before
    expect(row).toMatch(
      /^<span class="ledger-icon"[^>]*>[^]*?<\/span><div class="ledger-kind">Điều chỉnh<\/div><div class="ledger-what">/,
    );
    expect(row).toMatch(/<\/div><div class="ledger-figures">[^]*Trước/);
  });

  it("filters by tab and by date range, marking the active tab", async () => {
    const { browser } = await playerBrowser(120);
    const today = await html(await browser.get("/my_income?type=today"));
    expect(today).toMatch(/<a[^>]*class="active"[^>]*aria-current="page"[^>]*>Today/);
    expect(today).toContain("120.00");
    const yesterday = await html(await browser.get("/my_income?type=yesterday"));
    expect(yesterday).toContain("No movements in this period");
    const old = await html(await browser.get("/my_income?start=2020-01-01&end=2020-01-03"));
    expect(old).toContain("2020-01-01 ~ 2020-01-03");
    expect(old).toContain("No movements in this period");
  });

  it("opens the drawer on three days back and refuses a start after the end (1072)", async () => {
    const { browser } = await playerBrowser();
    const drawer = await html(await browser.get("/my_income?range=1"));
    expect(drawer).toContain('data-testid="range-sheet"');
    const dates = ["start", "end"].map(
      (name) => new RegExp(`<input[^>]*name="${name}"[^>]*value="(\\d{4}-\\d{2}-\\d{2})"`).exec(drawer)?.[1],
    );
    expect((Date.parse(dates[1]!) - Date.parse(dates[0]!)) / 86_400_000).toBe(3);
    const refused = await html(await browser.get("/my_income?start=2025-03-05&end=2025-03-01"));
    expect(refused).toContain("Start date must not be later than end date");
    expect(refused).toContain('data-testid="range-sheet"');
    expect(await html(await browser.get("/my_income?start=2025-02-31&end=2025-03-01"))).toContain(
      'data-testid="ledger-error"',
    );
  });
});

describe("a decided request's time", () => {
  it("is written like the time it was filed, the zone named once above the list (a credited deposit; withdrawals write theirs the same way)", async () => {
    const { browser, token } = await playerBrowser(0);
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token,
      money: 120,
      pay_name: "Nguyen Van A",
    });
    expectOk(asked);
    expectOk(await api("/api/admin/deposits/approve", { token: await operator(), id: asked.data.id }));
    const page = (await html(await browser.get("/recharge"))).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    // "Dates and times in UTC+8" once above the list, then "2026-11-27 12:45" and "Credited 2026-11-27 12:50"
    expect(page).toMatch(/Dates and times in UTC\+8 [^]*\d{4}-\d\d-\d\d \d\d:\d\d [^]*\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(page.match(/Dates and times in UTC\+8/g)).toHaveLength(1);
    expect(page).not.toMatch(/\d\d:\d\d UTC\+8/);
    await expectMoneyInvariants();
  });
});
