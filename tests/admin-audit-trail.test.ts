import { describe, expect, it } from "vitest";
import { api, expectOk, freshOperatorCode, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { requestRef } from "#shared/request-ref";
import { player, paidInto } from "./wallet-helpers";

// The audit log as an operator reads it: a player's trail (rows about them and their requests), a
// date range in UTC+8 days, actions from a list, in words with links.

/** What the operator reads: the page without its scripts (the loader's data) and its tags. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "");

describe("audit trail", () => {
  it("a player's trail holds their freeze and their deposit's approval, not another player's rows", async () => {
    const a = await player();
    const b = await player();
    const op = await operatorLogin();
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: a.token,
      money: 500,
      pay_name: "A",
    });
    expectOk(await api("/api/admin/deposits/approve", { token: op, id: deposit.data.id, note: "" }));
    expectOk(await api("/api/admin/players/freeze", { token: op, userId: a.id }));
    expectOk(await api("/api/admin/players/freeze", { token: op, userId: b.id }));
    const trail = await api("/api/admin/audit", { token: op, userId: a.id });
    expect(trail.data.list.map((r: { action: string; target: string }) => `${r.action} ${r.target}`)).toEqual([
      `player.freeze user:${a.id}`,
      `deposit.approve deposit:${deposit.data.id}`,
    ]);

    const browser = new Browser();
    await browser.post("/admin/login", {
      intent: "login",
      username: "admin",
      password: "admin1234",
      code: await freshOperatorCode(),
    });
    const page = await (await browser.get(`/admin/audit?player=${a.username}`)).text();
    const rows = page.match(/data-testid="audit-row"/g) ?? [];
    expect(rows).toHaveLength(2);
    expect(page).toContain(`href="/admin/players/${a.id}"`);
    // in words, the player named and linked, no raw key or id on the screen (the page's data may carry them)
    const words = visibleText(page);
    expect(words).toContain(
      `admin approved deposit ${requestRef("deposit", deposit.data.id)} of 500.00 USD for ${a.username}`,
    );
    expect(words).toContain(`admin froze ${a.username}`);
    // the sentence is one run of words: its links sit in it as words (app/styles/admin.css .audit-sentence), never a
    // 44 px box that opens a gap mid-sentence
    expect(page).toMatch(
      new RegExp(
        `<span class="audit-sentence">admin(<!-- -->)? (<!-- -->)?froze(<!-- -->)? (<!-- -->)?<a [^>]*href="/admin/players/${a.id}"`,
      ),
    );
    expect(page).not.toContain(`user:${b.id}`);
    expect(words).not.toContain(`user:${a.id}`);
    expect(words).not.toContain("player.freeze");

    // the operators list's link: the entries about one account only
    const about = await (await browser.get(`/admin/audit?target=${encodeURIComponent(`user:${b.id}`)}`)).text();
    expect(about.match(/data-testid="audit-row"/g) ?? []).toHaveLength(1);
    expect(visibleText(about)).toContain(`Entries about ${b.username}`);
    const file = await (await browser.get(`/admin/players/${a.id}`)).text();
    expect(file).toContain(`href="/admin/audit?player=${a.username}"`);
  });

  it("a date range counts days in UTC+8; a bad date is refused", async () => {
    const op = await operatorLogin();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const rows = await api("/api/admin/audit", { token: op, from: today, to: today });
    expect(rows.data.list.length).toBeGreaterThan(0);
    expect((await api("/api/admin/audit", { token: op, from: "2001-01-01", to: "2001-01-02" })).data.list).toEqual([]);
    expect((await api("/api/admin/audit", { token: op, from: "yesterday" })).data.errCode).toBe(1001);
  });
});
