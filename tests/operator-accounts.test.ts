import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { demoApi } from "../worker/api/app";
import { totpAt } from "../worker/auth/totp";
import { DEMO_OPERATORS } from "../worker/seed/seed";
import { seedOperatorTotpSecret } from "../worker/operators/sign-in";
import { setOperatorDisabled, setOperatorRole } from "../worker/operators/accounts";
import { ADMIN_ROUTE_ROLES, OPERATOR_ROLES } from "#shared/operators/roles";
import { api, count, expectError, expectOk, operatorLogin } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Operator accounts and roles (docs/decisions/060-operator-sign-in.md).

describe("roles", () => {
  it("every /api/admin route of the API states the least role it needs", () => {
    const routes = new Set(
      demoApi.routes
        .filter((r) => r.method === "POST" && r.path.startsWith("/api/admin"))
        .map((r) => r.path.toLowerCase()),
    );
    expect([...routes].filter((path) => !(path in ADMIN_ROUTE_ROLES))).toEqual([]);
    expect(Object.keys(ADMIN_ROUTE_ROLES).filter((path) => !routes.has(path))).toEqual([]);
  });

  it("refuses a path that states no role, even to an admin", async () => {
    const token = await operatorLogin();
    expectError(await api("/api/admin/no-such-thing", { token }), 1001);
  });

  it("gives each role its own and the lower roles' endpoints, and no more (1174)", async () => {
    const viewer = await (await secondOperator(true, "viewer")).signIn();
    const cashier = await (await secondOperator(true, "cashier")).signIn();
    const manager = await (await secondOperator(true, "manager")).signIn();
    expectOk(await api("/api/admin/players", { token: viewer }));
    expectOk(await api("/api/admin/audit", { token: viewer }));
    expectError(
      await api("/api/admin/adjust", { text: "correction", token: viewer, userId: 3, money: "5", reason: "x" }),
      1174,
    );
    expectError(await api("/api/admin/deposits/approve", { token: viewer, id: 1 }), 1174);
    expectOk(
      await api("/api/admin/adjust", { text: "correction", token: cashier, userId: 3, money: "5", reason: "goodwill" }),
    );
    expectError(await api("/api/admin/rooms/update", { token: cashier, id: 1 }), 1174);
    expectError(await api("/api/admin/settings/update", { token: cashier, kefu_url: "" }), 1174);
    expectError(await api("/api/admin/rounds/void", { token: cashier, roundId: 1, reason: "test void" }), 1174);
    expectOk(await api("/api/admin/settings/update", { token: manager, kefu_url: "" }));
    expectError(await api("/api/admin/operators", { token: manager }), 1174);
    expectError(await api("/api/admin/operators/create", { token: manager, username: "sneaky1", role: "admin" }), 1174);
    expect(await count("users", "username = 'sneaky1'")).toBe(0);
  });

  it("keeps operator accounts out of the player actions: a cashier cannot reset an admin's password or freeze them", async () => {
    const cashier = await (await secondOperator(true, "cashier")).signIn();
    expectError(await api("/api/admin/players/freeze", { token: cashier, userId: 2 }), 1002);
    expectError(
      await api("/api/admin/adjust", { text: "correction", token: cashier, userId: 2, money: "5", reason: "x" }),
      1002,
    );
    expect(await count("users", "id = 2 AND frozen = 0")).toBe(1);
  });
});

describe("operator accounts", () => {
  it("asks for an operator: no password, an enrolment code shown once, a request for a second admin, audited", async () => {
    const admin = await operatorLogin();
    const created = await api("/api/admin/operators/create", { token: admin, username: "desk01", role: "cashier" });
    expectOk(created);
    expect(created.data).toMatchObject({ username: "desk01", role: "cashier", status: "pending" });
    expect(created.data).not.toHaveProperty("password");
    expect(created.data.enrolment.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await count("users", "id = ? AND frozen = 1 AND password_hash = '!'", created.data.id)).toBe(1);
    const listed = await api("/api/admin/operators", { token: admin });
    expect(listed.data.list.find((o: { username: string }) => o.username === "desk01")).toMatchObject({
      role: "cashier",
      disabled: true,
      enrolled: false,
      lastSignInMs: null,
    });
    expect(JSON.stringify(listed.data)).not.toContain(created.data.enrolment.code);
    expect(await count("enrolment_codes", "code_hash = ?", created.data.enrolment.code)).toBe(0);
    expect(await auditRows("operator.create", `user:${created.data.id}`)).toEqual([
      expect.objectContaining({
        actor_id: 2,
        after: JSON.stringify({ username: "desk01", role: "cashier", waitsForSecondAdmin: true }),
      }),
    ]);
    const requests = await api("/api/admin/operators/requests", { token: admin });
    expect(requests.data.list.find((r: { id: number }) => r.id === created.data.requestId)).toMatchObject({
      kind: "create",
      operator: "desk01",
      role: "cashier",
      requestedBy: "admin",
    });
    expectError(await api("/api/admin/operators/create", { token: admin, username: "DESK01", role: "viewer" }), 1013);
    expectError(await api("/api/admin/operators/create", { token: admin, username: "a b", role: "viewer" }), 1175);
    expectError(await api("/api/admin/operators/create", { token: admin, username: "desk02", role: "owner" }), 1176);
  });

  it("lists the last sign-in of each operator", async () => {
    const op = await secondOperator(true, "viewer");
    await op.signIn();
    const listed = await api("/api/admin/operators", { token: await operatorLogin() });
    expect(listed.data.list.find((o: { id: number }) => o.id === op.id).lastSignInMs).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it("lists a role the database holds that is none of the four as no role, never as a role's key", async () => {
    // written by hand in the database (the API writes only the four): the console would show "roles.Admin"
    const op = await secondOperator(true, "viewer");
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'Admin' WHERE id = ?`)
      .bind(op.id)
      .run();
    const listed = await api("/api/admin/operators", { token: await operatorLogin() });
    expect(listed.data.list.find((o: { id: number }) => o.id === op.id).role).toBeNull();
  });

  it("disabling ends every session at once; enabling lets the operator back; both audited", async () => {
    const admin = await operatorLogin();
    const op = await secondOperator(true, "cashier");
    const session = await op.signIn();
    expectOk(await api("/api/admin/operators/disable", { token: admin, operatorId: op.id }));
    expectError(await api("/api/admin/me", { token: session }), 1062, 409);
    expectError(
      await api("/api/admin/login", {
        username: op.username,
        password: op.password,
        code: await totpAt(op.secret, Date.now() + 30_000),
      }),
      1170,
    );
    const asked = await api("/api/admin/operators/enable", { token: admin, operatorId: op.id });
    expect(asked.data.status).toBe("pending");
    const second = await (await secondOperator(true, "admin")).signIn();
    expectOk(await api("/api/admin/operators/requests/approve", { token: second, id: asked.data.requestId }));
    expectOk(await api("/api/admin/me", { token: await op.signIn() }));
    expect((await auditRows("operator.disable", `user:${op.id}`)).length).toBe(1);
    expect((await auditRows("operator.enable.ask", `user:${op.id}`)).length).toBe(1);
    expect((await auditRows("operator.enable.approve", `user:${op.id}`)).length).toBe(1);
  });

  it("lowers a role at once (audited); nobody changes their own role or disables themselves (1123)", async () => {
    const admin = await operatorLogin();
    const op = await secondOperator(true, "manager");
    expectOk(await api("/api/admin/operators/role", { token: admin, operatorId: op.id, role: "viewer" }));
    expect(await auditRows("operator.role", `user:${op.id}`)).toEqual([
      expect.objectContaining({
        before: JSON.stringify({ role: "manager" }),
        after: JSON.stringify({ role: "viewer" }),
      }),
    ]);
    expectError(await api("/api/admin/operators/role", { token: admin, operatorId: 2, role: "viewer" }), 1123);
    expectError(await api("/api/admin/operators/disable", { token: admin, operatorId: 2 }), 1123);
    expect(await count("users", "id = 2 AND operator_role = 'admin' AND frozen = 0")).toBe(1);
  });

  it("keeps two active admins: of three, two demoting each other at once leave two (docs/decisions/167)", async () => {
    const other = await secondOperator(true, "admin");
    const third = await secondOperator(true, "admin");
    const mine = await operatorLogin();
    const theirs = await other.signIn();
    // every other admin of this file's database steps down first, so these three are the last ones
    await env.DB.prepare(
      `UPDATE ${quotedTable(users)} SET operator_role = 'manager' WHERE role = 'operator' AND operator_role = 'admin' AND id NOT IN (2, ?, ?)`,
    )
      .bind(other.id, third.id)
      .run();
    const answers = await Promise.all([
      api("/api/admin/operators/role", { token: mine, operatorId: other.id, role: "viewer" }),
      api("/api/admin/operators/role", { token: theirs, operatorId: 2, role: "viewer" }),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    // the loser is refused by its own demotion (1174) or, when both passed the role check first, by the write's
    // guard: fewer than two admins would be left to approve (1241)
    expect([1174, 1241]).toContain(answers.find((a) => a.code !== 1)!.data.errCode);
    expect(await count("users", "role = 'operator' AND operator_role = 'admin' AND frozen = 0")).toBe(2);
    // the demo's second admin is one again for the tests after this one
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'admin' WHERE username = 'admin2'`).run();
  });

  it("refuses, inside the write, the change that would leave no active admin (1173), writing nothing", async () => {
    // the interleaving a race can make: an admin's request passed the role check, then they were demoted
    const stale = await secondOperator(true, "viewer");
    await env.DB.prepare(
      `UPDATE ${quotedTable(users)} SET operator_role = CASE WHEN id = 2 THEN 'admin' ELSE 'manager' END, frozen = 0 WHERE role = 'operator' AND (id = 2 OR operator_role = 'admin')`,
    ).run();
    const audits = await count("audit_log");
    const db = databasesOf(env).control;
    await expect(
      setOperatorRole(db, { actorId: stale.id, operatorId: 2, role: "viewer", nowMs: Date.now() }),
    ).rejects.toMatchObject({ errCode: 1173 });
    await expect(
      setOperatorDisabled(db, { actorId: stale.id, operatorId: 2, disabled: true, nowMs: Date.now() }),
    ).rejects.toMatchObject({ errCode: 1173 });
    expect(await count("users", "id = 2 AND operator_role = 'admin' AND frozen = 0")).toBe(1);
    expect(await count("audit_log")).toBe(audits);
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'admin' WHERE username = 'admin2'`).run();
  });

  it("resets an authenticator once a second admin approves: codes and sessions gone, enrolment with a new code", async () => {
    const admin = await operatorLogin();
    const op = await secondOperator(true, "cashier");
    const session = await op.signIn();
    const asked = await api("/api/admin/operators/reset-authenticator", { token: admin, operatorId: op.id });
    expect(asked.data.status).toBe("pending");
    expectOk(await api("/api/admin/me", { token: session }));
    const second = await (await secondOperator(true, "admin")).signIn();
    const approved = await api("/api/admin/operators/requests/approve", { token: second, id: asked.data.requestId });
    expectOk(approved);
    expect(approved.data.enrolment.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await count("recovery_codes", "user_id = ?", op.id)).toBe(0);
    expectError(await api("/api/admin/me", { token: session }), 1062, 409);
    expectError(
      await api("/api/admin/login", {
        username: op.username,
        password: op.password,
        code: await totpAt(op.secret, Date.now()),
      }),
      1170,
    );
    // disabled until re-enrolled and enabled by an admin other than the one handed the code
    expect(await count("users", "id = ? AND frozen = 1", op.id)).toBe(1);
    expect(await auditRows("operator.reset.approve", `user:${op.id}`)).toHaveLength(1);
  });

  it("seeds the demo operators with their roles and authenticators, as npm start prints them", async () => {
    for (const op of DEMO_OPERATORS) {
      const row = await env.DB.prepare(
        `SELECT operator_role, totp_secret FROM ${quotedTable(users)} WHERE username = ? AND role = 'operator'`,
      )
        .bind(op.username)
        .first<{ operator_role: string; totp_secret: string }>();
      expect(row).toEqual({
        operator_role: op.role,
        totp_secret: await seedOperatorTotpSecret(env.PEPPER, op.username),
      });
    }
    expect(DEMO_OPERATORS.map((op) => op.role)).toEqual(["admin", "cashier", "admin"]);
  });

  it("names the four roles", () => {
    expect(OPERATOR_ROLES).toEqual(["viewer", "cashier", "manager", "admin"]);
  });
});
