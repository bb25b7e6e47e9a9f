// Per-source throttles at the edge (worker/api/throttle.ts, docs/decisions/134): Cloudflare's Rate
// Limiting binding as the vitest runtime provides it, with production-like limits set per call.
import { describe, expect, it } from "vitest";
import { count, expectError, expectOk, newPlayerFields, operatorCode } from "./helpers";
import { callWith } from "./worker-with";

const LIMITS = {
  RATE_LIMIT_SMS_PER_MINUTE: "3",
  RATE_LIMIT_REGISTER_PER_MINUTE: "2",
  RATE_LIMIT_LOGIN_PER_MINUTE: "4",
  RATE_LIMIT_OPERATOR_LOGIN_PER_MINUTE: "2",
};
const call = (path: string, body: unknown, source: string) => callWith(LIMITS, path, body, { source });
let nextSource = 0;
/** An address of its own for each test (TEST-NET-3), so counters of one test never meet another's. */
const newSource = () => `203.0.113.${++nextSource}`;
let nextPhone = 0;
const freshPhone = () => `8${String(Date.now() % 1e7).padStart(7, "0")}${nextPhone++ % 10}`;

/** The binding counts in windows aligned to the minute: a burst must not straddle two of them. */
async function startOfAWindow() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}

describe("per-source throttles", () => {
  it("a burst of code requests from one source is refused (1181, localized) while another source still gets codes", async () => {
    await startOfAWindow();
    const [noisy, quiet] = [newSource(), newSource()];
    for (let i = 0; i < 3; i++)
      expect((await call("/api/index/sms_send", { quhao: "+84", mobile: freshPhone() }, noisy)).code).toBe(1);
    const mobile = freshPhone();
    const refused = await call("/api/index/sms_send", { quhao: "+84", mobile, lang: "zh-TW" }, noisy);
    expectError(refused as never, 1181);
    expect(refused.info).toBe("您的網路嘗試次數過多，請稍候一分鐘再試");
    expect(await count("sms_codes", "phone = ?", mobile)).toBe(0);
    const other = await call("/api/index/sms_send", { quhao: "+84", mobile, lang: "vi" }, quiet);
    expectOk(other as never);
    expect(await count("sms_codes", "phone = ?", mobile)).toBe(1);
  });

  it("limits registrations per source before any check runs", async () => {
    await startOfAWindow();
    const source = newSource();
    for (let i = 0; i < 2; i++)
      expectError((await call("/api/index/register", { username: "" }, source)) as never, 1010);
    const fields = await newPlayerFields();
    expectError((await call("/api/index/register", fields, source)) as never, 1181);
    expect(await count("users", "username = ?", fields.username)).toBe(0);
    expectOk((await call("/api/index/register", fields, newSource())) as never);
  });

  it("limits player logins per source, in front of the per-account counter", async () => {
    await startOfAWindow();
    const source = newSource();
    for (let i = 0; i < 4; i++)
      expectError((await call("/api/index/login", { username: "demo01", password: "wrong-9" }, source)) as never, 1003);
    expectError(
      (await call("/api/index/login", { username: "demo01", password: "demo1234", lang: "en" }, source)) as never,
      1181,
    );
    expectOk((await call("/api/index/login", { username: "demo01", password: "demo1234" }, newSource())) as never);
  });

  it("limits operator sign-ins per source, enrolment included", async () => {
    await startOfAWindow();
    const source = newSource();
    expectError(
      (await call("/api/admin/login", { username: "admin", password: "wrong-pass", code: "000000" }, source)) as never,
      1170,
    );
    expectError(
      (await call(
        "/api/admin/enrol/start",
        { username: "admin", password: "wrong-pass", code: "000000" },
        source,
      )) as never,
      1170,
    );
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
    for (let i = 0; i < 12; i++) expect((await call("/api/index/getconfig", {}, source)).code).toBe(1);
  });
});
