import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { totpAt } from "../worker/auth/totp";
import { api, expectError, expectOk, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { enrolmentCodes } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The enrolment step's refusals name what was wrong (docs/decisions/175), in the operator's language: a name and a
// code that do not belong together are one answer (1250), so no name is confirmed; behind a matching code the
// answer says expired (1251), already used (1252), a wrong authenticator code (1253) or started again (1254).

/** A new operator account and the enrolment code its admin was handed. */
async function newOperator(username: string) {
  const created = await api("/api/admin/operators/create", { token: await operatorLogin(), username, role: "viewer" });
  expectOk(created);
  return { id: created.data.id as number, who: { username, enrolCode: created.data.enrolment.code as string } };
}

const PASSWORD = "my-own-password-1";

describe("the enrolment step's error names what was wrong", () => {
  it("answers an unknown name and a wrong code alike (1250), and names an expired and a used code", async () => {
    const { id, who } = await newOperator("enrolerr1");
    expectError(await api("/api/admin/enrol/start", { ...who, username: "nobody-here" }), 1250);
    expectError(await api("/api/admin/enrol/start", { ...who, enrolCode: "AAAA-BBBB-CCCC-DDDD" }), 1250);
    expectError(await api("/api/admin/enrol/start", { ...who, enrolCode: "" }), 1250);

    await env.DB.prepare(`UPDATE ${quotedTable(enrolmentCodes)} SET expires_at_ms = ? WHERE user_id = ?`)
      .bind(Date.now() - 1, id)
      .run();
    expectError(await api("/api/admin/enrol/start", who), 1251);
    await env.DB.prepare(`UPDATE ${quotedTable(enrolmentCodes)} SET expires_at_ms = ? WHERE user_id = ?`)
      .bind(Date.now() + 3_600_000, id)
      .run();

    const started = await api("/api/admin/enrol/start", who);
    expectOk(started);
    expectError(await api("/api/admin/enrol/confirm", { ...who, password: PASSWORD, code: "000000" }), 1253);
    expectOk(
      await api("/api/admin/enrol/confirm", {
        ...who,
        password: PASSWORD,
        code: await totpAt(started.data.secret, Date.now()),
      }),
    );
    expectError(await api("/api/admin/enrol/start", who), 1252);
    expectError(await api("/api/admin/enrol/confirm", { ...who, password: PASSWORD, code: "000000" }), 1252);
  });

  it("names a confirm with no secret waiting (enrolment started again or never started): 1254", async () => {
    const { who } = await newOperator("enrolerr2");
    expectError(await api("/api/admin/enrol/confirm", { ...who, password: PASSWORD, code: "123456" }), 1254);
  });

  it("writes the reason on the console's enrolment screen in the operator's language", async () => {
    const { id, who } = await newOperator("enrolerr3");
    await env.DB.prepare(`UPDATE ${quotedTable(enrolmentCodes)} SET expires_at_ms = ? WHERE user_id = ?`)
      .bind(Date.now() - 1, id)
      .run();
    const expected = {
      en: "This enrolment code has expired: ask an admin for a new one",
      vi: "Mã đăng ký này đã hết hạn: hãy xin quản trị viên một mã mới",
      "zh-CN": "此注册码已过期：请向管理员索取新的注册码",
      "zh-TW": "此註冊碼已過期：請向管理員索取新的註冊碼",
    };
    for (const [lng, words] of Object.entries(expected)) {
      const browser = new Browser();
      browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify(lng))));
      const answer = await browser.post("/admin/enrol", { intent: "start", ...who });
      expect(answer.status).toBe(400);
      const html = await answer.text();
      expect(html).toMatch(new RegExp(`role="alert">${words}<`));
    }
  });

  it("writes the password rule at the design's hint size (app.css .hint), as every form's hint", async () => {
    const { who } = await newOperator("enrolhint1");
    const answer = await new Browser().post("/admin/enrol", { intent: "start", ...who });
    const html = await answer.text();
    expect(html).toContain('name="password"');
    // .field-hint is sized inside the console's frame only, and this step stands outside it
    expect(html).toMatch(/<p id="password-hint" class="hint">/);
  });
});
