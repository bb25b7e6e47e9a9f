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

/**
 * The binding counts in windows of its period aligned to the clock (Miniflare's limiter keys its buckets by
 * Date.now() / period, as Cloudflare's are fixed windows), outside the test's or the Worker's clock: a burst that
 * straddles two windows proves nothing. So a burst is not held until a fresh window: it runs at once from a fresh
 * source, and if a window's edge fell within it (a second's margin either side, for the two isolates' clocks), it is
 * run again from another source, which then starts near the top of a new window, a minute long. What the burst
 * makes (players, codes) is its own each time, so a run that straddled leaves nothing the next one meets.
 */
async function inOneWindow<T>(burst: (source: string) => Promise<T>): Promise<T> {
  const windowOf = (ms: number) => Math.floor(ms / 60_000);
  // a burst can take a third of a second: a few may end within the margin after one edge, none meets the next
  for (let attempt = 1; attempt <= 10; attempt++) {
    const startedAtMs = Date.now();
    const outcome = await burst(newSource());
    if (windowOf(startedAtMs - 1_000) === windowOf(Date.now() + 1_000)) return outcome;
  }
  throw new Error("ten bursts in a row met a window's edge");
}

type Answer = Awaited<ReturnType<typeof call>>;
const codes = (answers: Answer[]) => answers.map((answer) => answer.data?.errCode ?? answer.code);

describe("per-source throttles as wrangler.toml configures them", () => {
  it("code requests: the configured number pass from one source, the next is refused (1181, localized), another source still gets codes", async () => {
    const limit = limitOf("RATE_LIMIT_SMS");
    const { passed, refused, mobile } = await inOneWindow(async (noisy) => {
      const passed: Answer[] = [];
      for (let i = 0; i < limit; i++)
        passed.push(await call("/api/index/sms_send", { quhao: "+84", mobile: freshPhone() }, noisy));
      const mobile = freshPhone();
      return {
        passed,
        mobile,
        refused: await call("/api/index/sms_send", { quhao: "+84", mobile, lang: "zh-TW" }, noisy),
      };
    });
    for (const [i, answer] of passed.entries()) expect(answer.code, `send ${i + 1}`).not.toBe(0);
    expectError(refused as never, 1181);
    expect(refused.info).toBe("您的網路嘗試次數過多，請稍候一分鐘再試");
    expect(await count("sms_codes", "phone = ?", `+84${mobile}`)).toBe(0);
    expectOk((await call("/api/index/sms_send", { quhao: "+84", mobile, lang: "vi" }, newSource())) as never);
    expect(await count("sms_codes", "phone = ?", `+84${mobile}`)).toBe(1);
  });

  it("registrations per source, counted before any check runs", async () => {
    const limit = limitOf("RATE_LIMIT_REGISTER");
    const { counted, refused, fields } = await inOneWindow(async (source) => {
      const counted: Answer[] = [];
      for (let i = 0; i < limit; i++) counted.push(await call("/api/index/register", { username: "" }, source));
      const fields = await newPlayerFields();
      return { counted, fields, refused: await call("/api/index/register", fields, source) };
    });
    expect(codes(counted)).toEqual(Array(limit).fill(1010));
    expectError(refused as never, 1181);
    expect(await count("users", "username = ?", fields.username)).toBe(0);
    expectOk((await call("/api/index/register", fields, newSource())) as never);
  });

  it("forgotten-password resets share the registration throttle: one count for both from one source", async () => {
    const limit = limitOf("RATE_LIMIT_REGISTER");
    const { counted, refused, refusedRegistration, reset, fields } = await inOneWindow(async (source) => {
      const fields = await newPlayerFields();
      expectOk((await call("/api/index/register", fields, newSource())) as never);
      // resets and registrations alternate from one source, each refused by its own rules, each counted once
      const counted: string[] = [];
      for (let i = 0; i < limit; i++) {
        const path = i % 2 ? "/api/index/register" : "/api/index/resetpasswd";
        counted.push(`${path} ${(await call(path, { username: "" }, source)).data?.errCode}`);
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
      const refusedRegistration = await call("/api/index/register", await newPlayerFields(), source);
      return { counted, refused, refusedRegistration, reset, fields };
    });
    for (const outcome of counted) expect(outcome).not.toMatch(/ 1181$/);
    expectError(refused as never, 1181);
    expect(refused.info).toBe("Mạng của bạn đã thử quá nhiều lần. Vui lòng đợi một phút rồi thử lại");
    expectError(refusedRegistration as never, 1181);
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
    const limit = limitOf("RATE_LIMIT_LOGIN");
    const { counted, refused } = await inOneWindow(async (source) => {
      // an unknown name each time: refused by the account rules, counted by the throttle
      const counted: Answer[] = [];
      for (let i = 0; i < limit; i++)
        counted.push(await call("/api/index/login", { username: `nobody${i}`, password: "wrong-9" }, source));
      const refused = await call("/api/index/login", { username: "demo01", password: "demo1234", lang: "en" }, source);
      return { counted, refused };
    });
    for (const [i, answer] of counted.entries()) expect(answer.data?.errCode, `login ${i + 1}`).not.toBe(1181);
    expectError(refused as never, 1181);
    expectOk((await call("/api/index/login", { username: "demo01", password: "demo1234" }, newSource())) as never);
  });

  it("operator sign-ins per source, enrolment included", async () => {
    const limit = limitOf("RATE_LIMIT_OPERATOR_LOGIN");
    const { counted, refused } = await inOneWindow(async (source) => {
      const counted: number[] = [];
      for (let i = 0; i < limit; i++) {
        const enrol = i % 2 === 1;
        const answer = await call(
          enrol ? "/api/admin/enrol/start" : "/api/admin/login",
          { username: `nobody${i}`, password: "wrong-pass", code: "000000" },
          source,
        );
        counted.push(answer.data?.errCode);
      }
      const refused = await call(
        "/api/admin/login",
        { username: "admin", password: "admin1234", code: await operatorCode() },
        source,
      );
      return { counted, refused };
    });
    // a sign-in's wrong name answers 1170, an enrolment's 1250 (docs/decisions/175): each counted all the same
    expect(counted).toEqual(Array.from({ length: limit }, (_, i) => (i % 2 === 1 ? 1250 : 1170)));
    expectError(refused as never, 1181);
    expect(refused.info).toBe("Too many attempts from your network. Please wait a minute and try again");
    // the next step's code, which sign-in takes for drift (worker/auth/totp.ts): a burst run twice may have spent this one
    expectOk(
      (await call(
        "/api/admin/login",
        { username: "admin", password: "admin1234", code: await operatorCode(Date.now() + 30_000) },
        newSource(),
      )) as never,
    );
  });

  it("leaves other calls alone however many a source makes", async () => {
    const source = newSource();
    for (let i = 0; i < 40; i++) expect((await call("/api/index/getconfig", {}, source)).code).toBe(1);
  });
});
