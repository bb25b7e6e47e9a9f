import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, newPlayerFields, registerPlayer } from "./helpers";
import { accountDirectory, smsCodes } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

/** Registration must refuse with `errCode` and write no user, session or code use. */
async function expectRefused(overrides: Record<string, unknown>, errCode: number) {
  const fields = await newPlayerFields();
  const before = { users: await count("users"), sessions: await count("sessions") };
  const answer = await api("/api/index/register", { ...fields, ...overrides });
  expectError(answer, errCode);
  expect({ users: await count("users"), sessions: await count("sessions") }).toEqual(before);
  expect(await count("sms_codes", "phone = ? AND used_at_ms IS NOT NULL", fields.phone)).toBe(0);
}

describe("register", () => {
  it("creates a player with a session, zero balance and no withdrawal password", async () => {
    const { token, username } = await registerPlayer();
    const info = await api("/api/Game/getuserinfo", { token });
    expectOk(info);
    expect(info.data).toMatchObject({
      name: username,
      nickname: username,
      money: 0,
      leftmoney: 0,
      level: 1,
      noPassword2: 1,
    });
    // The code is a control row and the player's users row is in their wallet shard: the control database's
    // directory names the phone (docs/decisions/161).
    expect(
      await count(
        "sms_codes",
        `used_at_ms IS NOT NULL AND phone = (SELECT phone FROM ${quotedTable(accountDirectory)} WHERE lower(username) = lower(?))`,
        username,
      ),
    ).toBe(1);
  });

  it("stores an optional withdrawal password", async () => {
    const { token } = await registerPlayer({ payPwd: "abc123" });
    expect((await api("/api/Game/getuserinfo", { token })).data.noPassword2).toBe(0);
  });

  it("accepts the invitation code as visitcode too", async () => {
    const fields = await newPlayerFields();
    const { invitation, ...rest } = fields;
    expectOk(await api("/api/index/register", { ...rest, visitcode: invitation }));
  });

  it.each([
    ["empty username", { username: "" }, 1010],
    ["letters only", { username: "abcdef" }, 1010],
    ["digits only", { username: "123456" }, 1010],
    ["symbols", { username: "ab_12" }, 1010],
    ["spaces inside", { username: "ab 12" }, 1010],
    ["too long", { username: "a1".repeat(11) }, 1010],
    ["short password", { password: "ab12", spassword: "ab12" }, 1011],
    ["long password", { password: "ab12".repeat(5), spassword: "ab12".repeat(5) }, 1011],
    ["password without digit", { password: "abcdefg", spassword: "abcdefg" }, 1015],
    ["password without letter", { password: "1234567", spassword: "1234567" }, 1015],
    ["password with symbol", { password: "abc12!x", spassword: "abc12!x" }, 1015],
    ["confirm differs", { spassword: "secret124" }, 1012],
    ["empty phone", { phone: "" }, 2050],
    ["phone with letters", { phone: "09a1234567" }, 2050],
    ["phone too short", { phone: "12345" }, 2050],
    ["bad dial code", { quhao: "84" }, 2050],
    ["empty code", { captcha: "" }, 1163],
    ["wrong code", { captcha: "000000" }, 2053], // the planted code is another one (tests/contract/players.ts)
    ["empty invitation", { invitation: "" }, 1161],
    ["unknown invitation", { invitation: "999" }, 1063],
    ["short withdrawal password", { payPwd: "12345" }, 1058],
    ["withdrawal password with symbol", { payPwd: "12345!" }, 1058],
    ["number instead of text", { username: 12345 }, 1001],
    ["missing password", { password: undefined }, 1001],
  ])("refuses %s", async (_name, overrides, errCode) => {
    await expectRefused(overrides, errCode);
  });

  it("refuses a taken username, whatever its case", async () => {
    const { username } = await registerPlayer();
    await expectRefused({ username: username.toUpperCase() }, 1013);
  });

  it("refuses a phone number that is already registered", async () => {
    const { fields } = await registerPlayer();
    const again = await newPlayerFields({ phone: fields.phone });
    const answer = await api("/api/index/register", again);
    expectError(answer, 2052);
  });

  it("refuses an expired code with 2054", async () => {
    const fields = await newPlayerFields({ captcha: "111111" });
    await env.DB.prepare(`UPDATE ${quotedTable(smsCodes)} SET expires_at_ms = ? WHERE phone = ?`)
      .bind(Date.now() - 1, fields.phone)
      .run();
    expectError(await api("/api/index/register", fields), 2054);
  });

  it("locks the phone's code checks after ten wrong tries (2065), then even the right code", async () => {
    const fields = await newPlayerFields({ captcha: "222222" });
    for (let i = 0; i < 10; i++) expectError(await api("/api/index/register", { ...fields, captcha: "999999" }), 2053);
    expectError(await api("/api/index/register", fields), 2065);
  });
});

describe("sms_send", () => {
  it("stores a hashed code and locks resending for 60 s", async () => {
    const mobile = `+8493${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    const first = await api("/api/index/sms_send", { quhao: "+84", mobile });
    expectOk(first);
    expect(first.data.resendAfter).toBe(60);
    const row = await env.DB.prepare(
      `SELECT code_hash, expires_at_ms - created_at_ms AS ttl FROM ${quotedTable(smsCodes)} WHERE phone = ?`,
    )
      .bind(mobile)
      .first<{ code_hash: string; ttl: number }>();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.ttl).toBe(300_000);
    expectError(await api("/api/index/sms_send", { quhao: "+84", mobile }), 2051);
    expect(await count("sms_codes", "phone = ?", mobile)).toBe(1);
  });

  it("sends again once the lock has passed", async () => {
    const mobile = `+8494${String(Date.now() % 10_000_000).padStart(7, "0")}`;
    expectOk(await api("/api/index/sms_send", { quhao: "+84", mobile }));
    await env.DB.prepare(`UPDATE ${quotedTable(smsCodes)} SET created_at_ms = created_at_ms - 60000 WHERE phone = ?`)
      .bind(mobile)
      .run();
    expectOk(await api("/api/index/sms_send", { quhao: "+84", mobile }));
  });

  it.each([
    ["", 2050],
    ["12345", 2050],
    ["1234567890123456", 2050],
    ["12a456789", 2050],
    [123456789, 1001],
  ])("refuses mobile %j", async (mobile, errCode) => {
    const before = await count("sms_codes");
    expectError(await api("/api/index/sms_send", { quhao: "+84", mobile }), errCode);
    expect(await count("sms_codes")).toBe(before);
  });

  it("answers a registered phone like any other (enumeration: tests/secret-checks.test.ts)", async () => {
    await env.DB.prepare(`DELETE FROM ${quotedTable(smsCodes)} WHERE phone = ?`)
      .bind("+84900000001")
      .run();
    expectOk(await api("/api/index/sms_send", { quhao: "+84", mobile: "900000001" }));
  });
});
