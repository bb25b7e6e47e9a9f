import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { totpAt } from "../worker/auth/totp";
import { api, count, expectError, expectOk, login, operatorCode, operatorLogin, registerPlayer } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";

// Every operator endpoint: none answers data without an operator session made by /api/admin/login.
const OPERATOR_PATHS = [
  "/api/admin/me",
  "/api/admin/logout",
  "/api/admin/deposits",
  "/api/admin/deposits/approve",
  "/api/admin/deposits/reject",
  "/api/admin/withdrawals",
  "/api/admin/withdrawals/approve",
  "/api/admin/withdrawals/reject",
  "/api/admin/adjust",
  "/api/admin/adjustments",
  "/api/admin/adjustments/approve",
  "/api/admin/adjustments/reject",
  "/api/admin/adjustments/cancel",
  "/api/admin/players",
  "/api/admin/players/get",
  "/api/admin/players/freeze",
  "/api/admin/players/unfreeze",
  "/api/admin/players/revoke-sessions",
  "/api/admin/players/reset-password",
  "/api/admin/rooms",
  "/api/admin/rooms/get",
  "/api/admin/rooms/update",
  "/api/admin/audit",
  "/api/admin/rounds",
  "/api/admin/totals",
  "/api/admin/games",
  "/api/admin/rooms/template",
  "/api/admin/rooms/create",
  "/api/admin/rounds/void",
  "/api/admin/articles",
  "/api/admin/articles/get",
  "/api/admin/articles/preview",
  "/api/admin/articles/save",
  "/api/admin/articles/delete",
  "/api/admin/banners",
  "/api/admin/banners/save",
  "/api/admin/banners/delete",
  "/api/admin/settings",
  "/api/admin/settings/update",
  "/api/admin/products",
  "/api/admin/products/update",
  "/api/admin/protection",
];

describe("operator API access", () => {
  it("refuses no token (1062), a player's token and the operator's own player-login token (1073), writing nothing", async () => {
    const { token: playerToken } = await registerPlayer();
    const passwordOnly = await login("admin", "admin1234");
    const audits = await count("audit_log");
    for (const path of OPERATOR_PATHS) {
      const body = { id: 1, userId: 3, money: "5", reason: "x" };
      expectError(await api(path, body), 1062, 409);
      expectError(await api(path, { ...body, token: playerToken }), 1073);
      expectError(await api(path, { ...body, token: passwordOnly }), 1073);
    }
    expect(await count("audit_log")).toBe(audits);
  });

  it("answers an operator session made with password and TOTP", async () => {
    const token = await operatorLogin();
    const me = await api("/api/admin/me", { token });
    expectOk(me);
    expect(me.data).toEqual({ id: 2, username: "admin" });
  });
});

describe("POST /api/admin/login", () => {
  it("wants the password and a current TOTP code (one step of drift either side)", async () => {
    expectError(await api("/api/admin/login", { username: "admin", password: "admin1234" }), 1120);
    expectError(await api("/api/admin/login", { username: "admin", password: "admin1234", code: "000000x" }), 1120);
    expectError(await api("/api/admin/login", { username: "admin", password: "wrong-pass", code: await operatorCode() }), 1003);
    expectError(await api("/api/admin/login", { username: "admin", password: "admin1234", code: await operatorCode(Date.now() - 90_000) }), 1120);
    expectOk(await api("/api/admin/login", { username: "admin", password: "admin1234", code: await operatorCode(Date.now() - 30_000) }));
    expectOk(await api("/api/admin/login", { username: "admin", password: "admin1234", code: await operatorCode(Date.now() + 30_000) }));
  });

  it("refuses a player's credentials as an operator's (1003) and audits each sign-in", async () => {
    const { username, password } = await registerPlayer();
    expectError(await api("/api/admin/login", { username, password, code: "123456" }), 1003);
    const op = await secondOperator();
    await op.signIn();
    expect(await auditRows("operator.login", `user:${op.id}`)).toEqual([expect.objectContaining({ actor_id: op.id, after: JSON.stringify({ method: "totp" }) })]);
  });

  it("answers a frozen operator 403/1069", async () => {
    const op = await secondOperator();
    await env.DB.prepare("UPDATE users SET frozen = 1 WHERE id = ?").bind(op.id).run();
    expectError(await api("/api/admin/login", { username: op.username, password: op.password, code: await totpAt(op.secret, Date.now()) }), 1069, 403);
  });

  it("ends a session idle for 30 minutes (1062) and one signed out", async () => {
    const op = await secondOperator();
    const idle = await op.signIn();
    await env.DB.prepare("UPDATE sessions SET last_seen_at_ms = ? WHERE user_id = ?").bind(Date.now() - 31 * 60_000, op.id).run();
    expectError(await api("/api/admin/me", { token: idle }), 1062, 409);
    const active = await op.signIn();
    expectOk(await api("/api/admin/me", { token: active }));
    expectOk(await api("/api/admin/logout", { token: active }));
    expectError(await api("/api/admin/me", { token: active }), 1062, 409);
    const row = await env.DB.prepare("SELECT expires_at_ms - created_at_ms AS life FROM sessions WHERE user_id = ? ORDER BY id DESC").bind(op.id).first<{ life: number }>();
    expect(row!.life).toBe(12 * 60 * 60 * 1000);
  });
});

describe("enrolment and recovery codes", () => {
  it("shows a secret, confirms it with a code, gives ten single-use recovery codes", async () => {
    const op = await secondOperator(false);
    const creds = { username: op.username, password: op.password };
    expectError(await api("/api/admin/login", { ...creds, code: "123456" }), 1121);
    const started = await api("/api/admin/enrol/start", creds);
    expectOk(started);
    expect(started.data.otpauth).toBe(`otpauth://totp/Roundtable%3A${op.username}?secret=${started.data.secret}&issuer=Roundtable&algorithm=SHA1&digits=6&period=30`);
    // asking again shows the same secret (the QR code on the page does not change under the operator)
    expect((await api("/api/admin/enrol/start", creds)).data.secret).toBe(started.data.secret);
    expectError(await api("/api/admin/enrol/confirm", { ...creds, code: "000000" }), 1120);
    const confirmed = await api("/api/admin/enrol/confirm", { ...creds, code: await totpAt(started.data.secret, Date.now()) });
    expectOk(confirmed);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    expect(await count("recovery_codes", "user_id = ? AND code_hash NOT IN (?)", op.id, confirmed.data.recoveryCodes[0])).toBe(10);
    expectOk(await api("/api/admin/me", { token: confirmed.data.token }));
    expectError(await api("/api/admin/enrol/start", creds), 1122);

    const recovery = confirmed.data.recoveryCodes[3] as string;
    const first = await api("/api/admin/login", { ...creds, code: recovery.toLowerCase() });
    expectOk(first);
    expectError(await api("/api/admin/login", { ...creds, code: recovery }), 1120);
    expect(await auditRows("operator.login", `user:${op.id}`)).toEqual([expect.objectContaining({ after: JSON.stringify({ method: "recovery" }) })]);
    expect(await auditRows("operator.enrol", `user:${op.id}`)).toHaveLength(1);
  });
});

describe("the audit log", () => {
  it("is append-only", async () => {
    await operatorLogin();
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
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
