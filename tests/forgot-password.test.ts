import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, direct, expectError, expectOk, registerPlayer } from "./helpers";
import { Browser } from "./pages";
import { smsCodes } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// A forgotten password is reset by a text-message code to the phone the account registered with: the
// same codes, counters and throttles as registration; every session of the player ends.

async function registered() {
  const player = await registerPlayer();
  const { quhao, phone } = player.fields;
  return { ...player, quhao, phone };
}

const resetFields = (
  p: { username: string; quhao: string; phone: string },
  overrides: Record<string, string> = {},
) => ({
  username: p.username,
  quhao: p.quhao,
  phone: p.phone,
  captcha: "246810",
  npasswd: "fresh2026",
  npasswd2: "fresh2026",
  ...overrides,
});

describe("resetting a forgotten password", () => {
  it("takes the code sent to the registered phone, sets the new password and ends every session", async () => {
    const p = await registered();
    const other = await api("/api/Index/login", { username: p.username, password: p.password });
    expectOk(other);
    await direct.plantSmsCode(p.quhao, p.phone, "246810");
    expectOk(await api("/api/index/resetpasswd", resetFields(p)));
    for (const token of [p.token, other.data.token])
      expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
    expectError(await api("/api/Index/login", { username: p.username, password: p.password }), 1003);
    expectOk(await api("/api/Index/login", { username: p.username, password: "fresh2026" }));
    expect(await count("sms_codes", "phone = ? AND used_at_ms IS NOT NULL", p.phone)).toBeGreaterThanOrEqual(2);
  });

  it("refuses a wrong code, a code of another phone and a name not registered to that phone, changing nothing", async () => {
    const p = await registered();
    const q = await registered();
    await direct.plantSmsCode(p.quhao, p.phone, "246810");
    expectError(await api("/api/index/resetpasswd", resetFields(p, { captcha: "111111" })), 2053);
    expectError(await api("/api/index/resetpasswd", resetFields({ ...p, phone: q.phone })), 2053);
    const mismatch = await api("/api/index/resetpasswd", resetFields({ ...p, username: q.username }));
    expectError(mismatch, 1190);
    expect(mismatch.info).toContain("phone");
    expectOk(await api("/api/Game/getuserinfo", { token: p.token }));
    expectOk(await api("/api/Game/getuserinfo", { token: q.token }));
    expectOk(await api("/api/Index/login", { username: q.username, password: q.password }));
    expectOk(await api("/api/Index/login", { username: p.username, password: p.password }));
  });

  it("checks the new password by the registration rules (1015, 1012)", async () => {
    const p = await registered();
    await direct.plantSmsCode(p.quhao, p.phone, "246810");
    expectError(
      await api("/api/index/resetpasswd", resetFields(p, { npasswd: "onlyletters", npasswd2: "onlyletters" })),
      1015,
    );
    expectError(await api("/api/index/resetpasswd", resetFields(p, { npasswd2: "other2026" })), 1012);
    expectOk(await api("/api/Index/login", { username: p.username, password: p.password }));
  });

  it("locks after the same number of wrong codes as registration (2065)", async () => {
    const p = await registered();
    await direct.plantSmsCode(p.quhao, p.phone, "246810");
    let locked = false;
    for (let i = 0; i < 12 && !locked; i++) {
      const answer = await api("/api/index/resetpasswd", resetFields(p, { captcha: String(100000 + i) }));
      locked = answer.data?.errCode === 2065;
    }
    expect(locked).toBe(true);
    expectError(await api("/api/index/resetpasswd", resetFields(p)), 2065);
  });

  it("lets one of two resets racing with one code win", async () => {
    const p = await registered();
    await direct.plantSmsCode(p.quhao, p.phone, "246810");
    const answers = await Promise.all([
      api("/api/index/resetpasswd", resetFields(p, { npasswd: "first2026", npasswd2: "first2026" })),
      api("/api/index/resetpasswd", resetFields(p, { npasswd: "second2026", npasswd2: "second2026" })),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const winner = answers[0].code === 1 ? "first2026" : "second2026";
    const loser = winner === "first2026" ? "second2026" : "first2026";
    expectOk(await api("/api/Index/login", { username: p.username, password: winner }));
    expectError(await api("/api/Index/login", { username: p.username, password: loser }), 1003);
  });
});

describe("the forgot-password screen", () => {
  it.each([
    ["en", "Forgot password?"],
    ["zh-CN", "忘记密码？"],
    ["zh-TW", "忘記密碼？"],
    ["vi", "Quên mật khẩu?"],
  ])("is linked from the login screen (%s)", async (lng, words) => {
    const html = await (await new Browser().get(`/login?lng=${lng}`)).text();
    expect(html).toMatch(new RegExp(`href="/forgot-password"[^>]*>${words.replace("?", "\\?")}<`));
  });

  it("sends a code, then resets without JavaScript and sends the player to log in", async () => {
    const p = await registered();
    const browser = new Browser();
    const page = await browser.get("/forgot-password");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Reset your password");
    const sent = await browser.post("/forgot-password", {
      intent: "sms",
      username: p.username,
      quhao: p.quhao,
      phone: p.phone,
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Code sent");
    await env.DB.prepare(`DELETE FROM ${quotedTable(smsCodes)} WHERE phone = ?`)
      .bind(p.phone)
      .run();
    await direct.plantSmsCode(p.quhao, p.phone, "246810");
    const wrong = await browser.post("/forgot-password", { intent: "reset", ...resetFields(p, { captcha: "000000" }) });
    expect(wrong.status).toBe(400);
    const kept = await wrong.text();
    expect(kept).toContain("Wrong verification code");
    expect(kept).toContain(`value="${p.username}"`);
    expect(kept).toContain(`value="${p.phone}"`);
    const done = await browser.post("/forgot-password", { intent: "reset", ...resetFields(p) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    expect(await (await browser.get("/login")).text()).toContain("Password reset: log in with the new one");
    await new Browser().logIn(p.username, "fresh2026");
  });

  it("speaks the player's language (vi)", async () => {
    const html = await (await new Browser().get("/forgot-password?lng=vi")).text();
    expect(html).toContain("Đặt lại mật khẩu");
    expect(html).not.toMatch(/forgot\.\w+/);
  });
});
