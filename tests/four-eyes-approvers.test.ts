import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, operatorLogin } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Four eyes cannot be emptied (docs/decisions/167-money-settings-four-eyes.md): no change of an operator may leave
// fewer than two active operators able to give an approval of each kind, an admin's (1241) and a cashier's or
// above (1242); refused when asked and again when approved, inside the writing batch, so two approvals at once
// cannot both pass. The seed has two admins and a cashier. The first test failed on the code before it: one
// admin disabled the other, leaving a single admin to approve every request.

const idOf = async (username: string) =>
  (await env.DB.prepare(`SELECT id FROM ${quotedTable(users)} WHERE username = ?`)
    .bind(username)
    .first<{ id: number }>())!.id;
const frozen = async (id: number) =>
  (await env.DB.prepare(`SELECT frozen FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(id)
    .first<{ frozen: number }>())!.frozen;

describe("no change leaves fewer than two operators able to approve", () => {
  it("with two admins, neither is disabled, lowered or reset by the other (1241), in the operator's language", async () => {
    const admin = await operatorLogin();
    const admin2 = await idOf("admin2");
    const audits = await count("audit_log", "target = ?", `user:${admin2}`);
    const disabled = await api("/api/admin/operators/disable", { token: admin, operatorId: admin2 });
    expectError(disabled, 1241);
    expect(disabled.info).toBe("This would leave fewer than two active admins to approve requests");
    expectError(await api("/api/admin/operators/role", { token: admin, operatorId: admin2, role: "manager" }), 1241);
    const reset = await api("/api/admin/operators/reset-authenticator", {
      token: admin,
      operatorId: admin2,
      lang: "zh-CN",
    });
    expectError(reset, 1241);
    expect(reset.info).toBe("此更改会使能批准申请的有效管理员少于两位");
    expect(await frozen(admin2)).toBe(0);
    expect(await count("users", "id = ? AND operator_role = 'admin'", admin2)).toBe(1);
    expect(await count("operator_requests", "operator_id = ? AND status = 'pending'", admin2)).toBe(0);
    expect(await count("audit_log", "target = ?", `user:${admin2}`)).toBe(audits);
  });

  it("with one admin and one cashier, the cashier is not disabled or lowered (1242): nobody else would approve money", async () => {
    const admin = await operatorLogin();
    const admin2 = await idOf("admin2");
    const cashier = await idOf("cashier");
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(admin2)
      .run();
    try {
      expectError(await api("/api/admin/operators/disable", { token: admin, operatorId: cashier }), 1242);
      expectError(await api("/api/admin/operators/role", { token: admin, operatorId: cashier, role: "viewer" }), 1242);
      expect(await frozen(cashier)).toBe(0);
      // a third money approver makes room for the change
      const desk = await secondOperator(true, "cashier");
      expectOk(await api("/api/admin/operators/role", { token: admin, operatorId: cashier, role: "viewer" }));
      // and is then one of the last two: the same refusal
      expectError(await api("/api/admin/operators/disable", { token: admin, operatorId: desk.id }), 1242);
    } finally {
      await env.DB.prepare(`UPDATE ${quotedTable(users)} SET frozen = 0 WHERE id = ?`)
        .bind(admin2)
        .run();
      await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'cashier' WHERE id = ?`)
        .bind(cashier)
        .run();
    }
  });

  it("an admin who is not enrolled or is disabled gives no approval: changes of others count only active admins", async () => {
    const admin = await operatorLogin();
    const admin2 = await idOf("admin2");
    // a third admin who never enrolled cannot sign in, so cannot approve: admin2 still may not go
    await secondOperator(false, "admin");
    expectError(await api("/api/admin/operators/disable", { token: admin, operatorId: admin2 }), 1241);
    // a third, enrolled admin makes room: admin2 may be lowered, and then the third may not
    const third = await secondOperator(true, "admin");
    expectOk(await api("/api/admin/operators/role", { token: admin, operatorId: admin2, role: "manager" }));
    expectError(await api("/api/admin/operators/disable", { token: admin, operatorId: third.id }), 1241);
    // back to the seed's two admins for the next test
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'admin' WHERE id = ?`)
      .bind(admin2)
      .run();
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(third.id)
      .run();
  });

  it("a reset fine when asked is refused when approved once the state changed between (1241), writing nothing", async () => {
    const admin = await operatorLogin();
    const adminId = await idOf("admin");
    const x = await secondOperator(true, "admin");
    // three admins: resetting x leaves two, so it is asked
    const ask = await api("/api/admin/operators/reset-authenticator", { token: admin, operatorId: x.id });
    expectOk(ask);
    // then admin2 lowers the asker, which leaves admin2 and x: the reset would now leave one
    const admin2 = await operatorLogin("admin2");
    expectOk(await api("/api/admin/operators/role", { token: admin2, operatorId: adminId, role: "manager" }));
    try {
      expectError(await api("/api/admin/operators/requests/approve", { token: admin2, id: ask.data.requestId }), 1241);
      expect(await frozen(x.id)).toBe(0);
      expect(await count("operator_requests", "id = ? AND status = 'pending'", ask.data.requestId)).toBe(1);
      expect(await count("audit_log", "action = 'operator.reset.approve'")).toBe(0);
      // withdrawn, so that the next test starts from the seed's two admins
      expectOk(await api("/api/admin/operators/requests/reject", { token: admin2, id: ask.data.requestId }));
    } finally {
      await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'admin' WHERE id = ?`)
        .bind(adminId)
        .run();
      await env.DB.prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
        .bind(x.id)
        .run();
    }
  });

  it("two resets approved at once, each fine alone, do not both pass: the second meets the first inside its batch", async () => {
    const admin = await operatorLogin();
    const adminId = await idOf("admin");
    const x = await secondOperator(true, "admin");
    const y = await secondOperator(true, "admin");
    // four admins: the seeded admin asks to reset x and y (each leaves three)
    const askX = await api("/api/admin/operators/reset-authenticator", { token: admin, operatorId: x.id });
    const askY = await api("/api/admin/operators/reset-authenticator", { token: admin, operatorId: y.id });
    expectOk(askX);
    expectOk(askY);
    // then the state changes: admin2 lowers the asker, leaving admin2, x and y; each reset alone leaves two
    const admin2 = await operatorLogin("admin2");
    expectOk(await api("/api/admin/operators/role", { token: admin2, operatorId: adminId, role: "manager" }));
    try {
      const decisions = await Promise.all([
        api("/api/admin/operators/requests/approve", { token: admin2, id: askX.data.requestId }),
        api("/api/admin/operators/requests/approve", { token: admin2, id: askY.data.requestId }),
      ]);
      expect(decisions.map((d) => d.code).sort()).toEqual([0, 1]);
      expect(decisions.find((d) => d.code !== 1)!.data.errCode).toBe(1241);
      // exactly one of the two was reset and disabled; two active admins remain
      expect((await frozen(x.id)) + (await frozen(y.id))).toBe(1);
      expect(
        await count(
          "users",
          "role = 'operator' AND operator_role = 'admin' AND frozen = 0 AND totp_secret IS NOT NULL",
        ),
      ).toBe(2);
      expect(await count("operator_requests", "kind = 'reset' AND status = 'approved'")).toBe(1);
      expect(await count("operator_requests", "kind = 'reset' AND status = 'pending'")).toBe(1);
      // the refused approval wrote nothing: one audit row of an approved reset
      expect(await count("audit_log", "action = 'operator.reset.approve'")).toBe(1);
    } finally {
      await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'admin' WHERE id = ?`)
        .bind(adminId)
        .run();
    }
  });
});
