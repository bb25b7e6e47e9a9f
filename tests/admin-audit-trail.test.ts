import { describe, expect, it } from "vitest";
import { api, expectOk, freshOperatorCode, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";

// The audit log as an operator reads it: a player's trail (rows about them and their requests), a
// date range in UTC+8 days, actions from a list, in words with links.

describe("audit trail", () => {
  it("a player's trail holds their freeze and their deposit's approval, not another player's rows", async () => {
    const a = await player();
    const b = await player();
    const op = await operatorLogin();
    const deposit = await api("/api/Game/recharge", { token: a.token, money: 500, pay_name: "A" });
    expectOk(await api("/api/admin/deposits/approve", { token: op, id: deposit.data.id, note: "" }));
    expectOk(await api("/api/admin/players/freeze", { token: op, userId: a.id }));
    expectOk(await api("/api/admin/players/freeze", { token: op, userId: b.id }));
    const trail = await api("/api/admin/audit", { token: op, userId: a.id });
    expect(trail.data.list.map((r: { action: string; target: string }) => `${r.action} ${r.target}`)).toEqual([`player.freeze user:${a.id}`, `deposit.approve deposit:${deposit.data.id}`]);

    const browser = new Browser();
    await browser.post("/admin/login", { intent: "login", username: "admin", password: "admin1234", code: await freshOperatorCode() });
    const page = await (await browser.get(`/admin/audit?player=${a.username}`)).text();
    const rows = page.match(/data-testid="audit-row"/g) ?? [];
    expect(rows).toHaveLength(2);
    expect(page).toContain(`href="/admin/players/${a.id}"`);
    expect(page.replace(/<!-- -->/g, "")).toMatch(/admin approved deposit 500.00 USD:/);
    expect(page).not.toContain(`user:${b.id}`);
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
