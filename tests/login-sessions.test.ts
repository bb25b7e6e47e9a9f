import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, login, registerPlayer } from "./helpers";
import { playerD1 } from "./shard-helpers";
import { loginAttempts, sessions, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

describe("login", () => {
  it("trims the username and returns a working 64-hex token", async () => {
    const token = await login("  demo01 ", "demo1234");
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const info = await api("/api/Game/getuserinfo", { token });
    expectOk(info);
    expect(info.data).toMatchObject({ name: "demo01", money: 10000, noPassword2: 0, level: 1 });
  });

  it("stores only the token's hash", async () => {
    const token = await login("demo01", "demo1234");
    expect(await count("sessions", "token_hash = ?", token)).toBe(0);
    expect(await count("sessions", "length(token_hash) = 64")).toBeGreaterThan(0);
  });

  it("answers 1003 alike for an unknown user and a wrong password", async () => {
    expectError(await api("/api/Index/login", { username: "nobody99", password: "whatever1" }), 1003);
    expectError(await api("/api/Index/login", { username: "demo01", password: "wrong1234" }), 1003);
  });

  it("refuses empty or mistyped fields without writing a session", async () => {
    const before = await count("sessions");
    expectError(await api("/api/Index/login", { username: "", password: "x" }), 1010);
    expectError(await api("/api/Index/login", { username: "demo01", password: "" }), 1011);
    expectError(await api("/api/Index/login", { username: ["demo01"], password: "demo1234" }), 1001);
    expectError(await api("/api/Index/login", { username: "demo01", password: 1234 }), 1001);
    expectError(await api("/api/Index/login", {}), 1001);
    expect(await count("sessions")).toBe(before);
  });

  it("never lets the house account log in", async () => {
    expectError(await api("/api/Index/login", { username: "house", password: "!" }), 1003);
  });
});

// Login failures count per account and source (docs/decisions/050-secret-check-lockout.md).
const SOURCE = "203.0.113.50";
const FROM: RequestInit = { headers: { "content-type": "application/json", "cf-connecting-ip": SOURCE } };

describe("lockout", () => {
  it("locks an account for 15 minutes after 10 failures in 15 minutes", async () => {
    const { username, password } = await registerPlayer();
    const key = `login:${username.toLowerCase()}@${SOURCE}`;
    for (let i = 0; i < 10; i++)
      expectError(await api("/api/Index/login", { username, password: "wrong1234" }, FROM), 1003);
    expectError(await api("/api/Index/login", { username, password }, FROM), 1016);
    // 15 minutes later the lock has passed and the right password works again
    await env.DB.prepare(
      `UPDATE ${quotedTable(loginAttempts)} SET locked_until_ms = ?, window_start_ms = ? WHERE username = ?`,
    )
      .bind(Date.now() - 1, Date.now() - 16 * 60_000, key)
      .run();
    expectOk(await api("/api/Index/login", { username, password }, FROM));
    expect(await count("login_attempts", "username = ?", key)).toBe(0);
  });

  it("does not lock on failures spread beyond the window", async () => {
    const { username, password } = await registerPlayer();
    for (let i = 0; i < 9; i++)
      expectError(await api("/api/Index/login", { username, password: "wrong1234" }, FROM), 1003);
    await env.DB.prepare(`UPDATE ${quotedTable(loginAttempts)} SET window_start_ms = ? WHERE username LIKE ?`)
      .bind(Date.now() - 16 * 60_000, `login:${username.toLowerCase()}%`)
      .run();
    expectError(await api("/api/Index/login", { username, password: "wrong1234" }, FROM), 1003);
    expectOk(await api("/api/Index/login", { username, password }, FROM));
  });

  it("answers unknown users the same way once locked", async () => {
    for (let i = 0; i < 10; i++)
      expectError(await api("/api/Index/login", { username: "ghost42", password: "wrong1234" }, FROM), 1003);
    expectError(await api("/api/Index/login", { username: "ghost42", password: "wrong1234" }, FROM), 1016);
  });
});

describe("sessions", () => {
  it("answers 409/1062 without a token, with a malformed one, or an unknown one", async () => {
    expectError(await api("/api/Game/getuserinfo", {}), 1062, 409);
    expectError(await api("/api/Game/getuserinfo", { token: "abc" }), 1062, 409);
    expectError(await api("/api/Game/getuserinfo", { token: "f".repeat(64) }), 1062, 409);
  });

  it("reads the token from Authorization: Bearer", async () => {
    const token = await login("demo01", "demo1234");
    expectOk(
      await api(
        "/api/Game/getuserinfo",
        {},
        { headers: { "content-type": "application/json", authorization: `Bearer ${token}` } },
      ),
    );
  });

  it("expires", async () => {
    const { token, username } = await registerPlayer();
    await (
      await playerD1(username)
    )
      .prepare(
        `UPDATE ${quotedTable(sessions)} SET expires_at_ms = ? WHERE user_id = (SELECT id FROM ${quotedTable(users)} WHERE username = ?)`,
      )
      .bind(Date.now() - 1, username)
      .run();
    expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
  });

  it("is revoked by logout, and only that session", async () => {
    const first = await login("demo01", "demo1234");
    const second = await login("demo01", "demo1234");
    expectOk(await api("/api/Index/logout", { token: first }));
    expectError(await api("/api/Game/getuserinfo", { token: first }), 1062, 409);
    expectError(await api("/api/Index/logout", { token: first }), 1062, 409);
    expectOk(await api("/api/Game/getuserinfo", { token: second }));
  });

  it("answers 403/1069 for a frozen account, on every call and at login", async () => {
    const { token, username, password } = await registerPlayer();
    await (
      await playerD1(username)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE username = ?`)
      .bind(username)
      .run();
    expectError(await api("/api/Game/getuserinfo", { token }), 1069, 403);
    expectError(await api("/api/Index/login", { username, password }), 1069, 403);
  });
});

describe("change login password", () => {
  it("checks the original, the rules and the confirmation", async () => {
    const { token } = await registerPlayer();
    expectError(
      await api("/api/Index/repasswd", { token, passwd: "wrong1234", npasswd: "newpass1", npasswd2: "newpass1" }),
      1059,
    );
    expectError(
      await api("/api/Index/repasswd", { token, passwd: "", npasswd: "newpass1", npasswd2: "newpass1" }),
      1059,
    );
    expectError(
      await api("/api/Index/repasswd", { token, passwd: "secret123", npasswd: "newpass", npasswd2: "newpass" }),
      1015,
    );
    expectError(
      await api("/api/Index/repasswd", { token, passwd: "secret123", npasswd: "np1", npasswd2: "np1" }),
      1011,
    );
    expectError(
      await api("/api/Index/repasswd", { token, passwd: "secret123", npasswd: "newpass1", npasswd2: "newpass2" }),
      1012,
    );
    expectError(await api("/api/Index/repasswd", { passwd: "secret123", npasswd: "newpass1" }), 1062, 409);
  });

  it("revokes every session and hands this device a new one", async () => {
    const { token, username } = await registerPlayer();
    const other = await login(username, "secret123");
    const answer = await api("/api/Index/repasswd", {
      token,
      passwd: "secret123",
      npasswd: "newpass1",
      npasswd2: "newpass1",
    });
    expectOk(answer);
    expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
    expectError(await api("/api/Game/getuserinfo", { token: other }), 1062, 409);
    expectOk(await api("/api/Game/getuserinfo", { token: answer.data.token }));
    expectError(await api("/api/Index/login", { username, password: "secret123" }), 1003);
    await login(username, "newpass1");
  });
});

describe("withdrawal password", () => {
  it("sets a first one without asking for an original", async () => {
    const { token } = await registerPlayer();
    expectError(await api("/api/Index/resetpaypwd", { token, newpwd: "12345", newpwd2: "12345" }), 1058);
    expectError(await api("/api/Index/resetpaypwd", { token, newpwd: "123456", newpwd2: "123457" }), 1012);
    expectError(await api("/api/Index/resetpaypwd", { token, newpwd: "12345!", newpwd2: "12345!" }), 1058);
    expectOk(await api("/api/Index/resetpaypwd", { token, newpwd: "123456", newpwd2: "123456" }));
    expect((await api("/api/Game/getuserinfo", { token })).data.noPassword2).toBe(0);
  });

  it("asks for the original once one exists", async () => {
    const { token, username } = await registerPlayer({ payPwd: "pay123" });
    expectError(await api("/api/Index/resetpaypwd", { token, newpwd: "654321", newpwd2: "654321" }), 2057);
    expectError(
      await api("/api/Index/resetpaypwd", { token, srcpwd: "pay999", newpwd: "654321", newpwd2: "654321" }),
      1059,
    );
    const before = await (
      await playerD1(username)
    )
      .prepare(`SELECT pay_password_hash FROM ${quotedTable(users)} WHERE username = ?`)
      .bind(username)
      .first();
    expectOk(await api("/api/Index/resetpaypwd", { token, srcpwd: "pay123", newpwd: "654321", newpwd2: "654321" }));
    const after = await (
      await playerD1(username)
    )
      .prepare(`SELECT pay_password_hash FROM ${quotedTable(users)} WHERE username = ?`)
      .bind(username)
      .first();
    expect(after).not.toEqual(before);
  });
});

describe("the contract envelope", () => {
  it("matches paths in any case", async () => {
    expectOk(await api("/API/INDEX/GETCONFIG", {}));
    expectOk(await api("/api/index/getconfig", {}));
  });

  it("answers malformed JSON, non-objects and oversized bodies with 1001, HTTP 200", async () => {
    for (const body of ["{bad", "[1,2]", "null", "42", `{"username":"${"a".repeat(70_000)}"}`]) {
      expectError(await api("/api/Index/login", body), 1001);
    }
  });

  it("reads form-encoded bodies, and JSON sent with a form content type", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expectOk(await api("/api/Index/login", "username=demo01&password=demo1234", { headers: form }));
    expectOk(await api("/api/Index/login", '{"username":"demo01","password":"demo1234"}', { headers: form }));
    expectError(await api("/api/Index/login", "username=demo01&password=nope1234", { headers: form }), 1003);
  });

  it("answers unknown paths with 1001", async () => {
    const response = await exports.default.fetch("https://app.test/api/Index/nothing", { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 0, data: { errCode: 1001 } });
  });

  it("speaks the request's language", async () => {
    const zh = await api("/api/Index/login", { lang: "chs", username: "demo01", password: "wrong1234" });
    expect(zh.info).toBe("用户名或密码错误");
    const tw = await api("/api/Index/login", { lang: "zh-TW", username: "demo01", password: "wrong1234" });
    expect(tw.info).toBe("使用者名稱或密碼錯誤");
    const vi = await api("/api/Index/login", { lang: "vi", username: "demo01", password: "wrong1234" });
    expect(vi.info).toBe("Sai tên đăng nhập hoặc mật khẩu");
    const fallback = await api("/api/Index/login", { lang: "xx", username: "demo01", password: "wrong1234" });
    expect(fallback.info).toBe("Wrong username or password");
  });

  it("gives the public config", async () => {
    const config = await api("/api/Index/getconfig", {});
    expectOk(config);
    expect(config.data).toMatchObject({
      currency: "USD",
      sms_resend_seconds: 60,
      deposit_min: 10,
      languages: ["en", "chs", "cht", "vi"],
    });
    expect(typeof config.data.kefu_url).toBe("string");
  });
});
