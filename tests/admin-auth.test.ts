import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { totpAt } from "../worker/auth/totp";
import { ADMIN_ROUTE_ROLES } from "#shared/operators/roles";
import { api, count, expectError, expectOk, operatorCode, operatorLogin, registerPlayer } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { allDatabases } from "./shard-helpers";
import { users, sessions, auditLog } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Every operator endpoint but signing in: none answers data without an operator session made by /api/admin/login.
const OPERATOR_PATHS = Object.entries(ADMIN_ROUTE_ROLES)
  .filter(([, role]) => role !== "public")
  .map(([path]) => path);

describe("operator API access", () => {
  it("refuses no token (1062) and a player's token (1073), writing nothing", async () => {
    const { token: playerToken } = await registerPlayer();
    const audits = await count("audit_log");
    for (const path of OPERATOR_PATHS) {
      const body = { id: 1, userId: 3, operatorId: 2, money: "5", reason: "x", role: "viewer", username: "newop1" };
      expectError(await api(path, body), 1062, 409);
      expectError(await api(path, { ...body, token: playerToken }), 1073);
    }
    expect(await count("audit_log")).toBe(audits);
  });

  it("answers an operator session made with password and TOTP, with its role", async () => {
    const token = await operatorLogin();
    const me = await api("/api/admin/me", { token });
    expectOk(me);
    expect(me.data).toEqual({ id: 2, username: "admin", role: "admin" });
  });
});

describe("POST /api/admin/login", () => {
  it("wants the password and a current TOTP code (one step of drift either side), each refusal the same 1170", async () => {
    expectError(await api("/api/admin/login", { username: "admin", password: "admin1234" }), 1170);
    expectError(await api("/api/admin/login", { username: "admin", password: "admin1234", code: "000000x" }), 1170);
    expectError(
      await api("/api/admin/login", { username: "admin", password: "wrong-pass", code: await operatorCode() }),
      1170,
    );
    expectError(
      await api("/api/admin/login", {
        username: "admin",
        password: "admin1234",
        code: await operatorCode(Date.now() - 90_000),
      }),
      1170,
    );
    expectOk(
      await api("/api/admin/login", {
        username: "admin",
        password: "admin1234",
        code: await operatorCode(Date.now() - 30_000),
      }),
    );
    expectOk(
      await api("/api/admin/login", {
        username: "admin",
        password: "admin1234",
        code: await operatorCode(Date.now() + 30_000),
      }),
    );
  });

  it("refuses a player's credentials as an operator's (1170) and audits each sign-in", async () => {
    const { username, password } = await registerPlayer();
    expectError(await api("/api/admin/login", { username, password, code: "123456" }), 1170);
    const op = await secondOperator();
    await op.signIn();
    expect(await auditRows("operator.login", `user:${op.id}`)).toEqual([
      expect.objectContaining({ actor_id: op.id, after: JSON.stringify({ method: "totp" }) }),
    ]);
  });

  it("answers a disabled operator like any refusal (1170): a right password is not confirmed", async () => {
    const op = await secondOperator();
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(op.id)
      .run();
    expectError(
      await api("/api/admin/login", {
        username: op.username,
        password: op.password,
        code: await totpAt(op.secret, Date.now()),
      }),
      1170,
    );
  });

  it("ends a session idle for 30 minutes (1062) and one signed out", async () => {
    const op = await secondOperator();
    const idle = await op.signIn();
    await env.DB.prepare(`UPDATE ${quotedTable(sessions)} SET last_seen_at_ms = ? WHERE user_id = ?`)
      .bind(Date.now() - 31 * 60_000, op.id)
      .run();
    expectError(await api("/api/admin/me", { token: idle }), 1062, 409);
    const active = await op.signIn();
    expectOk(await api("/api/admin/me", { token: active }));
    expectOk(await api("/api/admin/logout", { token: active }));
    expectError(await api("/api/admin/me", { token: active }), 1062, 409);
    const row = await env.DB.prepare(
      `SELECT expires_at_ms - created_at_ms AS life FROM ${quotedTable(sessions)} WHERE user_id = ? ORDER BY id DESC`,
    )
      .bind(op.id)
      .first<{ life: number }>();
    expect(row!.life).toBe(12 * 60 * 60 * 1000);
  });
});

describe("enrolment and recovery codes", () => {
  it("enrols with the code handed over: a secret, the operator's own password, ten single-use recovery codes", async () => {
    const admin = await operatorLogin();
    const created = await api("/api/admin/operators/create", { token: admin, username: "enrol01", role: "viewer" });
    expectOk(created);
    const who = { username: "enrol01", enrolCode: created.data.enrolment.code as string };
    const started = await api("/api/admin/enrol/start", who);
    expectOk(started);
    expect(started.data.otpauth).toBe(
      `otpauth://totp/Roundtable%3Aenrol01?secret=${started.data.secret}&issuer=Roundtable&algorithm=SHA1&digits=6&period=30`,
    );
    const password = "my-own-password-1";
    expectError(await api("/api/admin/enrol/confirm", { ...who, password, code: "000000" }), 1253);
    expectError(await api("/api/admin/enrol/confirm", { ...who, password: "short1", code: "000000" }), 1235);
    const confirmed = await api("/api/admin/enrol/confirm", {
      ...who,
      password,
      code: await totpAt(started.data.secret, Date.now()),
    });
    expectOk(confirmed);
    // a new account waits for a second admin: no session yet
    expect(confirmed.data).toMatchObject({ active: false });
    expect(confirmed.data.token).toBeUndefined();
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    const id = created.data.id as number;
    expect(await count("recovery_codes", "user_id = ?", id)).toBe(10);
    expectError(await api("/api/admin/enrol/start", who), 1252);
    const second = await (await secondOperator(true, "admin")).signIn();
    expectOk(await api("/api/admin/operators/requests/approve", { token: second, id: created.data.requestId }));

    const recovery = confirmed.data.recoveryCodes[3] as string;
    const creds = { username: "enrol01", password };
    expectOk(await api("/api/admin/login", { ...creds, code: recovery.toLowerCase() }));
    expectError(await api("/api/admin/login", { ...creds, code: recovery }), 1170);
    expect(await auditRows("operator.login", `user:${id}`)).toEqual([
      expect.objectContaining({ after: JSON.stringify({ method: "recovery" }) }),
    ]);
    expect(await auditRows("operator.enrol", `user:${id}`)).toHaveLength(1);
  });
});

describe("the audit log", () => {
  it("is append-only", async () => {
    await operatorLogin();
    // in every database: a money move's audit rows are in its player's shard (docs/decisions/161). A trigger
    // fires for a row, so each database gets one first (writing one is what an audit log allows).
    for (const d1 of allDatabases()) {
      await d1
        .prepare(
          `INSERT INTO ${quotedTable(auditLog)} (actor_id, action, target, created_at_ms) VALUES (NULL, 'test.append', 'test', ?)`,
        )
        .bind(Date.now())
        .run();
      await expect(d1.prepare(`UPDATE ${quotedTable(auditLog)} SET action = 'x'`).run()).rejects.toThrow(/append-only/);
      await expect(d1.prepare(`DELETE FROM ${quotedTable(auditLog)}`).run()).rejects.toThrow(/append-only/);
    }
  });

  it("lists newest first, filtered by operator, action and target, one page at a time", async () => {
    const op = await secondOperator();
    const token = await op.signIn();
    const mine = await api("/api/admin/audit", { token, operator: op.username });
    expectOk(mine);
    expect(mine.data.list.map((r: { action: string }) => r.action)).toEqual(["operator.login"]);
    const logins = await api("/api/admin/audit", { token, action: "operator.", target: `user:${op.id}` });
    expect(logins.data.list).toHaveLength(1);
    const all = await api("/api/admin/audit", { token, page: 1 });
    expect(all.data.list.length).toBeLessThanOrEqual(30);
    expect(all.data.list[0].id).toBeGreaterThan(all.data.list.at(-1).id - 1);
  });
});
