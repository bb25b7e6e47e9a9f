import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { placeOk, playerWith } from "./rooms-helpers";
import { player as walletPlayer, PAY_PASSWORD } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { sessions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The protection screens without JavaScript (docs/product.md#player-protection): plain forms and a notice on page load.

async function signedIn(username: string) {
  return new Browser().logIn(username, "secret123");
}

describe("play limits page", () => {
  it("sets a limit through the form and shows it with what is used, in the player's language", async () => {
    const p = await playerWith(10_000);
    const browser = await signedIn(p.username);
    const saved = await browser.post("/user/limits", { intent: "limit", kind: "loss", period: "day", money: "50" });
    expect(saved.status).toBe(302);
    await placeOk(p.token, 1, [[0, 1.98, 20]]);
    const page = await (await browser.get("/user/limits")).text();
    expect(page).toMatch(/data-testid="limit-loss-day"[^]*?50\.00[^]*?Used[^]*?20\.00/);
    const raised = await browser.post("/user/limits", { intent: "limit", kind: "loss", period: "day", money: "80" });
    expect(raised.status).toBe(302);
    expect(await (await browser.get("/user/limits")).text()).toContain("Changes to 80.00 at");
    browser.cookies.set("lng", "vi");
    const vi = await (await browser.get("/user/limits?lng=vi")).text();
    expect(vi).toContain("Giới hạn thua lỗ");
  });

  it("shows a refused amount next to its field", async () => {
    const p = await playerWith(0);
    const browser = await signedIn(p.username);
    const refused = await browser.post("/user/limits", { intent: "limit", kind: "loss", period: "day", money: "abc" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Wrong amount");
  });

  it("starts a time-out with the withdrawal password, logs out, and the next sign-in opens the restricted view", async () => {
    const p = await walletPlayer();
    const browser = await signedIn(p.username);
    const wrong = await browser.post("/user/limits", { intent: "break", period: "24h", pwd: "wrong999" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Wrong withdrawal password");
    const started = await browser.post("/user/limits", { intent: "break", period: "24h", pwd: PAY_PASSWORD });
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/login");
    expect(browser.cookies.has("__session")).toBe(false);
    const again = new Browser();
    const login = await again.post("/login", {
      username: p.username,
      password: "secret123",
      redirectTo: "/activity/1",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/user");
    const my = await (await again.get("/user")).text();
    expect(my).toMatch(/data-testid="restricted"[^]*?Time-out until[^]*?\d{4}-\d{2}-\d{2} \d{2}:\d{2}[^]*?UTC\+8/);
    expect(my).toContain("Withdraw my balance");
    expect(my).not.toContain('href="/recharge" class="button"');
    // the play limits' page says the time-out runs, and offers no second one
    const limits = await (await again.get("/user/limits")).text();
    expect(limits).toMatch(/data-testid="restricted"[^]*?Time-out until[^]*?\d{4}-\d{2}-\d{2} \d{2}:\d{2}[^]*?UTC\+8/);
    expect(limits).not.toContain('aria-labelledby="take-break"');
  });
});

describe("reality check without JavaScript", () => {
  it("shows the notice on the next page load once due, and 'keep playing' comes back without it", async () => {
    const p = await playerWith(10_000);
    const browser = await signedIn(p.username);
    expect(await (await browser.get("/user")).text()).not.toContain("reality-title");
    await placeOk(p.token, 1, [[0, 1.98, 25]]);
    await (
      await playerD1(p.userId)
    )
      .prepare(`UPDATE ${quotedTable(sessions)} SET created_at_ms = created_at_ms - ? WHERE user_id = ?`)
      .bind(61 * 60_000, p.userId)
      .run();
    const due = await (await browser.get("/user")).text();
    expect(due).toContain("reality-title");
    expect(due).toContain("You signed in 61 minutes ago.");
    expect(due).toMatch(/data-testid="reality-net"[^]*?-(<!-- -->)?25\.00/);
    const kept = await browser.post("/reality-check", { redirectTo: "/user" });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("location")).toBe("/user");
    expect(await (await browser.get("/user")).text()).not.toContain("reality-title");
  });
});

describe("the reality check's ways out", () => {
  for (const [label, target, landmark] of [
    ["Take a break", "/user/limits#take-break", 'id="take-break"'],
    ["Play limits", "/user/limits#set-limit", 'id="set-limit"'],
    ["Statement", "/user/statement", 'name="start"'],
  ] as const) {
    it(`following "${label}" marks the check seen and opens ${target} without the dialog, anchor kept`, async () => {
      const p = await playerWith(10_000);
      const browser = await signedIn(p.username);
      await (
        await playerD1(p.userId)
      )
        .prepare(`UPDATE ${quotedTable(sessions)} SET created_at_ms = created_at_ms - ? WHERE user_id = ?`)
        .bind(61 * 60_000, p.userId)
        .run();
      const due = await (await browser.get("/user")).text();
      const dialog = due.slice(due.indexOf('role="alertdialog"'));
      // the way out as the page offers it: a form posting to the check with where to go next
      const way = new RegExp(
        `<form method="post" action="/reality-check"[^>]*><input type="hidden" name="redirectTo" value="([^"]+)"/><button type="submit">${label}</button>`,
      ).exec(dialog);
      expect(way?.[1]).toBe(target);
      const followed = await browser.post("/reality-check", { redirectTo: way![1] });
      expect(followed.status).toBe(302);
      expect(followed.headers.get("location")).toBe(target);
      const page = await (await browser.get(target.split("#")[0])).text();
      expect(page).toContain(landmark);
      expect(page).not.toContain("reality-title");
    });
  }
});

describe("statement page", () => {
  it("shows the net result over a date range from the ledger", async () => {
    const p = await playerWith(10_000);
    const browser = await signedIn(p.username);
    await placeOk(p.token, 16, [[0, 1.98, 40]]);
    const page = await (await browser.get("/user/statement?type=all")).text();
    expect(page).toMatch(/data-testid="statement-net"[^]*?-(<!-- -->)?40\.00/);
    const empty = await (await browser.get("/user/statement?start=2020-01-01&end=2020-01-02")).text();
    expect(empty).toMatch(/data-testid="statement-net"[^]*?0\.00/);
    const bad = await (await browser.get("/user/statement?start=2020-02-01&end=2020-01-01")).text();
    expect(bad).toContain("Start date must not be later than end date");
  });
});
