// Per-source throttles at the edge (worker/api/throttle.ts, docs/decisions/155): Cloudflare's Rate Limiting
// binding as the vitest runtime provides it, with the limits wrangler.toml gives each binding for a
// deployment (the "throttles" project, vitest.config.ts). Nothing else sets a limit: the calls pass only
// their key, so what answers 1181 is the binding's own configuration.
import { describe, expect, inject, it } from "vitest";
import { count, direct, expectError, expectOk, newPlayerFields, operatorCode } from "./helpers";
import { callWith } from "./worker-with";

type Configured = Record<string, { simple: { limit: number; period: number } }>;
const configured = JSON.parse(inject("configuredRateLimits")) as Configured;
const limitOf = (binding: string) => {
  const simple = configured[binding]?.simple;
  expect(simple, `wrangler.toml [[ratelimits]] ${binding}`).toBeDefined();
  expect(simple.period).toBe(60);
  return simple.limit;
};
// Settings that once claimed to set the limits, now stale on purpose: lower for some actions, higher for
// others. The binding's configuration still decides.
const STALE_SETTINGS = {
  RATE_LIMIT_SMS_PER_MINUTE: "2",
  RATE_LIMIT_REGISTER_PER_MINUTE: "3",
  RATE_LIMIT_LOGIN_PER_MINUTE: "1000",
  RATE_LIMIT_OPERATOR_LOGIN_PER_MINUTE: "1000",
};
const call = (path: string, body: unknown, source: string) => callWith(STALE_SETTINGS, path, body, { source });
let nextSource = 0;
/** An address of its own for each test (TEST-NET-3), so counters of one test never meet another's. */
const newSource = () => `203.0.113.${++nextSource}`;
let nextPhone = 0;
const freshPhone = () => `9${String(Date.now() % 1e7).padStart(7, "0")}${nextPhone++ % 10}`;

/** The binding counts in windows aligned to the period: a burst must not straddle two of them. */
async function startOfAWindow() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}

describe("per-source throttles as wrangler.toml configures them", () => {
  it("code requests: the configured number pass from one source, the next is refused (1181, localized), another source still gets codes", async () => {
    await startOfAWindow();
    const [noisy, quiet] = [newSource(), newSource()];
    const limit = limitOf("RATE_LIMIT_SMS");
    for (let i = 0; i < limit; i++)
      expect(
        (await call("/api/index/sms_send", { quhao: "+84", mobile: freshPhone() }, noisy)).code,
        `send ${i + 1}`,
      ).not.toBe(0);
    const mobile = freshPhone();
    const refused = await call("/api/index/sms_send", { quhao: "+84", mobile, lang: "zh-TW" }, noisy);
    expectError(refused as never, 1181);
    expect(refused.info).toBe("您的網路嘗試次數過多，請稍候一分鐘再試");
    expect(await count("sms_codes", "phone = ?", `+84${mobile}`)).toBe(0);
    expectOk((await call("/api/index/sms_send", { quhao: "+84", mobile, lang: "vi" }, quiet)) as never);
    expect(await count("sms_codes", "phone = ?", `+84${mobile}`)).toBe(1);
  });

  it("registrations per source, counted before any check runs", async () => {
    await startOfAWindow();
    const source = newSource();
    const limit = limitOf("RATE_LIMIT_REGISTER");
    for (let i = 0; i < limit; i++)
      expectError((await call("/api/index/register", { username: "" }, source)) as never, 1010);
    const fields = await newPlayerFields();
    expectError((await call("/api/index/register", fields, source)) as never, 1181);
    expect(await count("users", "username = ?", fields.username)).toBe(0);
    expectOk((await call("/api/index/register", fields, newSource())) as never);
  });

  it("forgotten-password resets share the registration throttle: one count for both from one source", async () => {
    await startOfAWindow();
    const fields = await newPlayerFields();
    expectOk((await call("/api/index/register", fields, newSource())) as never);
    const source = newSource();
    const limit = limitOf("RATE_LIMIT_REGISTER");
    // resets and registrations alternate from one source, each refused by its own rules, each counted once
    for (let i = 0; i < limit; i++) {
      const path = i % 2 ? "/api/index/register" : "/api/index/resetpasswd";
      expect((await call(path, { username: "" }, source)).data?.errCode, `${path} ${i + 1}`).not.toBe(1181);
    }
    await direct.plantSmsCode(fields.quhao, fields.phone, "246810");
    const reset = {
      username: fields.username,
      quhao: fields.quhao,
      phone: fields.phone,
      captcha: "246810",
      npasswd: "fresh2026",
      npasswd2: "fresh2026",
      lang: "vi",
    };
    const refused = await call("/api/index/resetpasswd", reset, source);
    expectError(refused as never, 1181);
    expect(refused.info).toBe("Mạng của bạn đã thử quá nhiều lần. Vui lòng đợi một phút rồi thử lại");
    expectError((await call("/api/index/register", await newPlayerFields(), source)) as never, 1181);
    // refused at the edge: the code is still unspent and the old password still signs in
    expect(await count("sms_codes", "phone = ? AND used_at_ms IS NULL", fields.phone)).toBe(1);
    expectOk(
      (await call("/api/index/login", { username: fields.username, password: fields.password }, newSource())) as never,
    );
    expectOk((await call("/api/index/resetpasswd", reset, newSource())) as never);
    expectOk(
      (await call("/api/index/login", { username: fields.username, password: "fresh2026" }, newSource())) as never,
    );
  });

  it("player logins per source, in front of the per-account counters", async () => {
    await startOfAWindow();
    const source = newSource();
    const limit = limitOf("RATE_LIMIT_LOGIN");
    // an unknown name each time: refused by the account rules, counted by the throttle
    for (let i = 0; i < limit; i++)
      expect(
        (await call("/api/index/login", { username: `nobody${i}`, password: "wrong-9" }, source)).data?.errCode,
        `login ${i + 1}`,
      ).not.toBe(1181);
    expectError(
      (await call("/api/index/login", { username: "demo01", password: "demo1234", lang: "en" }, source)) as never,
      1181,
    );
    expectOk((await call("/api/index/login", { username: "demo01", password: "demo1234" }, newSource())) as never);
  });

  it("operator sign-ins per source, enrolment included", async () => {
    await startOfAWindow();
    const source = newSource();
    const limit = limitOf("RATE_LIMIT_OPERATOR_LOGIN");
    for (let i = 0; i < limit; i++) {
      // a sign-in's wrong name answers 1170, an enrolment's 1250 (docs/decisions/175): each counted all the same
      const enrol = i % 2 === 1;
      expectError(
        (await call(
          enrol ? "/api/admin/enrol/start" : "/api/admin/login",
          { username: `nobody${i}`, password: "wrong-pass", code: "000000" },
          source,
        )) as never,
        enrol ? 1250 : 1170,
      );
    }
    const refused = await call(
      "/api/admin/login",
      { username: "admin", password: "admin1234", code: await operatorCode() },
      source,
    );
    expectError(refused as never, 1181);
    expect(refused.info).toBe("Too many attempts from your network. Please wait a minute and try again");
    expectOk(
      (await call(
        "/api/admin/login",
        { username: "admin", password: "admin1234", code: await operatorCode() },
        newSource(),
      )) as never,
    );
  });

  it("leaves other calls alone however many a source makes", async () => {
    const source = newSource();
    for (let i = 0; i < 40; i++) expect((await call("/api/index/getconfig", {}, source)).code).toBe(1);
  });
});
