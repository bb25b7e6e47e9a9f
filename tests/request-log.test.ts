// One structured line per request, without personal data (worker/request-log.ts, docs/decisions/135),
// and the check the end-to-end run applies to the server's output (tests/support/personal-data.mjs).
import { describe, expect, it, vi } from "vitest";
import { api, expectOk, newPlayerFields, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { findPersonalData, typedSecrets, withoutStartBanner } from "./support/personal-data.mjs";
import { playerD1 } from "./shard-helpers";
import { users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

type Line = {
  time: string;
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  playerId?: number;
  operatorId?: number;
};

/** The request lines logged while `run` ran, and everything logged (log and error) as one text. */
async function logged(run: () => Promise<unknown>) {
  const logs = vi.spyOn(console, "log");
  const errors = vi.spyOn(console, "error");
  try {
    await run();
    const all = [...logs.mock.calls, ...errors.mock.calls].map((call) => call.map(String).join(" "));
    const lines = all.filter((l) => l.startsWith('{"time"')).map((l) => JSON.parse(l) as Line);
    return { lines, text: all.join("\n") };
  } finally {
    logs.mockRestore();
    errors.mockRestore();
  }
}

describe("request log", () => {
  it("writes one line per request with time, id, route, status, duration and the player, and no personal data", async () => {
    const fields = await newPlayerFields();
    const { lines, text } = await logged(async () => {
      const registered = await api("/api/index/register", fields);
      expectOk(registered);
      expectOk(await api("/api/game/getuserinfo", { token: registered.data.token }));
    });
    expect(lines.map((l) => l.route)).toEqual(["/api/index/register", "/api/game/getuserinfo"]);
    const [register, info] = lines;
    expect(register).toMatchObject({ method: "POST", status: 200 });
    expect(register.playerId).toBeUndefined();
    expect(new Date(register.time).toISOString()).toBe(register.time);
    expect(register.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.durationMs).toBeGreaterThanOrEqual(0);
    const { id } = (await (
      await playerD1(fields.username)
    )
      .prepare(`SELECT id FROM ${quotedTable(users)} WHERE username = ?`)
      .bind(fields.username)
      .first<{ id: number }>())!;
    expect(info.playerId).toBe(id);
    expect(new Set(lines.map((l) => l.requestId)).size).toBe(2);
    expect(
      findPersonalData(text, {
        phones: [fields.phone],
        codes: [fields.captcha],
        secrets: [fields.password],
      }),
    ).toEqual([]);
  });

  it("logs a page once, with its player, however many API calls its loaders make in-process", async () => {
    const browser = await new Browser().logIn();
    const { lines } = await logged(async () => (await browser.get("/user")).text());
    expect(lines.map((l) => [l.method, l.route, l.status])).toEqual([["GET", "/user", 200]]);
    expect(lines[0].playerId).toBe(
      (await (
        await playerD1("demo01")
      )
        .prepare(`SELECT id FROM ${quotedTable(users)} WHERE username = 'demo01'`)
        .first<{ id: number }>())!.id,
    );
  });

  it("names the operator of an operator session", async () => {
    const token = await operatorLogin();
    const { lines } = await logged(async () => {
      expectOk(await api("/api/admin/me", { token }));
    });
    expect(lines).toHaveLength(1);
    expect(lines[0].operatorId).toBeGreaterThan(0);
    expect(lines[0].playerId).toBeUndefined();
  });

  it("logs a failed login without the name's password or the body", async () => {
    const { lines, text } = await logged(() =>
      api("/api/index/login", { username: "demo01", password: "not-right-7" }),
    );
    expect(lines).toHaveLength(1);
    expect(text).not.toContain("not-right-7");
  });
});

describe("the privacy check of the end-to-end run", () => {
  const e164 = "+84987654321";
  it.each([
    [`{"route":"/x","phone":"${e164}"}`, "an E.164 phone number"],
    ["[sms] +84 987654321 code 1", "an E.164 phone number"],
    ["[sms] 987654321 code 1", "a phone number texted in this run"],
    ["sent to 0987654321", "a phone number texted in this run"],
    ["your code 482913 here", "an SMS code sent in this run"],
    [`token ${"ab".repeat(32)}`, "a session token"],
    ["authorization: Basic QUMxMjM0NTY3ODk6c2VjcmV0", "an Authorization header"],
    ['{"password":"x"}', "a credential field"],
    ["bank 0123456789 saved", "a password or account number typed in this run"],
    ["login with play1234", "a password or account number typed in this run"],
  ])("finds %j", (line, what) => {
    const leaks = findPersonalData(`ok\n${line}\n`, {
      phones: [e164],
      codes: ["482913"],
      secrets: ["0123456789", "play1234"],
    });
    expect(leaks).toHaveLength(1);
    expect(leaks[0]).toContain(`line 2: ${what}`);
    expect(leaks[0]).not.toContain("482913");
  });

  it("passes request lines and wrangler's own lines", () => {
    const output = [
      '{"time":"2026-11-25T10:00:00.000Z","requestId":"8c1f","method":"POST","route":"/api/index/login","status":200,"durationMs":45,"playerId":12}',
      "[wrangler:info] POST /api/index/sms_send 200 OK (312ms)",
      '{"sms":"twilio","status":429,"twilioCode":20429}',
      // workerd's warning when a room's alarm is moved while its handler runs: it names the object, not a session
      `workerd/io/actor-sqlite.c++:1024: warning: NOSENTRY SQLite alarm handler canceled with requestScheduledAlarm.; scheduledTime = 1765152000000000000ns; localAlarmState.orDefault(kj::UNIX_EPOCH) = 1765152003000000000ns; actorId = ${"a1b2c3d4".repeat(8)}`,
    ].join("\n");
    expect(findPersonalData(output, { phones: [e164], codes: ["482913"], secrets: ["play1234"] })).toEqual([]);
  });

  it("leaves out npm start's banner of demo accounts only", () => {
    const output =
      "before\n  Roundtable is ready: http://localhost:8787\n  Demo player:   demo01 / demo1234\n\nafter demo1234\n";
    expect(withoutStartBanner(output)).toBe("before\n\nafter demo1234\n");
  });

  it("reads the passwords and account numbers the flows type", () => {
    const source =
      'await page.getByLabel("Withdrawal password").fill("135790");\nconst body = { password: "play1234", payPwd: "" };\nawait page.getByLabel("Account number").fill("0123456789");';
    expect(typedSecrets([source]).sort()).toEqual(["0123456789", "135790", "play1234"]);
  });
});
