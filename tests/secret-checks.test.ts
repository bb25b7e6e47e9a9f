import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk, newPlayerFields, registerPlayer } from "./helpers";
import { PAY_PASSWORD, addBank, addCoinAddress, player, randomAddress } from "./wallet-helpers";
import { MAX_FAILURES, MAX_LOGIN_FAILURES_ALL_SOURCES } from "../worker/accounts/lockout";
import { smsCodes } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Every check of a secret is counted before its hash, atomically: many guesses at once cannot outrun
// the lock (docs/decisions/050-secret-check-lockout.md). Each race below fires GUESSES requests at once.
const GUESSES = 40;

const from = (ip: string): RequestInit => ({ headers: { "content-type": "application/json", "cf-connecting-ip": ip } });

async function race(send: () => Promise<{ data: { errCode?: number } }>) {
  const answers = await Promise.all(Array.from({ length: GUESSES }, send));
  const codes = new Map<number, number>();
  for (const a of answers) codes.set(a.data?.errCode ?? 0, (codes.get(a.data?.errCode ?? 0) ?? 0) + 1);
  return codes;
}

describe("login guesses", () => {
  it(`checks at most ${MAX_FAILURES} of ${GUESSES} concurrent wrong passwords from one source`, async () => {
    const { username, password } = await registerPlayer();
    const codes = await race(() => api("/api/Index/login", { username, password: "wrong1234" }, from("203.0.113.7")));
    expect(codes.get(1003)).toBe(MAX_FAILURES);
    expect(codes.get(1016)).toBe(GUESSES - MAX_FAILURES);
    // Locked from that source even with the right password...
    expectError(await api("/api/Index/login", { username, password }, from("203.0.113.7")), 1016);
    // ...while the owner, elsewhere, still signs in.
    expectOk(await api("/api/Index/login", { username, password }, from("198.51.100.9")));
  });

  it(`locks the account for every source after ${MAX_LOGIN_FAILURES_ALL_SOURCES} failures from many sources`, async () => {
    const { username, password } = await registerPlayer();
    const answers = await Promise.all(
      Array.from({ length: MAX_LOGIN_FAILURES_ALL_SOURCES + 20 }, (_, i) =>
        api("/api/Index/login", { username, password: "wrong1234" }, from(`192.0.2.${i}`)),
      ),
    );
    expect(answers.filter((a) => a.data?.errCode === 1003)).toHaveLength(MAX_LOGIN_FAILURES_ALL_SOURCES);
    expectError(await api("/api/Index/login", { username, password }, from("198.51.100.10")), 1016);
  }, 30_000);

  it("answers an unknown user exactly like a wrong password", async () => {
    const { username } = await registerPlayer();
    const unknown = await api("/api/Index/login", { username: "nobody99x", password: "whatever1" });
    const wrong = await api("/api/Index/login", { username, password: "whatever1" });
    expectError(unknown, 1003);
    expectError(wrong, 1003);
    expect(unknown.info).toBe(wrong.info);
  });

  it("leaves no session row for any refused login", async () => {
    const { username } = await registerPlayer();
    const before = await count("sessions");
    await race(() => api("/api/Index/login", { username, password: "wrong1234" }, from("203.0.113.8")));
    expectError(await api("/api/Index/login", { username: "nobody99x", password: "whatever1" }), 1003);
    expect(await count("sessions")).toBe(before);
  });
});

describe("secrets checked inside a session", () => {
  it(`repasswd checks at most ${MAX_FAILURES} concurrent wrong old passwords, then locks even the right one`, async () => {
    const { token, password } = await registerPlayer();
    const codes = await race(() =>
      api("/api/Index/repasswd", { token, passwd: "wrong1234", npasswd: "newpass123", npasswd2: "newpass123" }),
    );
    expect(codes.get(1059)).toBe(MAX_FAILURES);
    expect(codes.get(1016)).toBe(GUESSES - MAX_FAILURES);
    expectError(
      await api("/api/Index/repasswd", { token, passwd: password, npasswd: "newpass123", npasswd2: "newpass123" }),
      1016,
    );
  });

  it(`resetpaypwd checks at most ${MAX_FAILURES} concurrent wrong withdrawal passwords and shares the withdrawal lock`, async () => {
    const { token } = await player(0);
    const codes = await race(() =>
      api("/api/Index/resetpaypwd", { token, srcpwd: "wrong999", newpwd: "newpay99", newpwd2: "newpay99" }),
    );
    expect(codes.get(1059)).toBe(MAX_FAILURES);
    expect(codes.get(1081)).toBe(GUESSES - MAX_FAILURES);
    expectError(
      await api("/api/Index/resetpaypwd", { token, srcpwd: PAY_PASSWORD, newpwd: "newpay99", newpwd2: "newpay99" }),
      1081,
    );
    expectError(
      await api("/api/Game/addbankcard", { token, type: "USDT", address: randomAddress(), payPwd: PAY_PASSWORD }),
      1081,
    );
  });

  it(`withdraw checks at most ${MAX_FAILURES} concurrent wrong withdrawal passwords, and then resetpaypwd is locked too`, async () => {
    const { token } = await player(500);
    const card = await addBank(token);
    const codes = await race(() =>
      api("/api/Game/withdraw", { token, bank_id: card.id, money: "10", pwd: "wrong999" }),
    );
    expect(codes.get(1033)).toBe(MAX_FAILURES);
    expect(codes.get(1081)).toBe(GUESSES - MAX_FAILURES);
    expectError(
      await api("/api/Index/resetpaypwd", { token, srcpwd: PAY_PASSWORD, newpwd: "newpay99", newpwd2: "newpay99" }),
      1081,
    );
    await expectMoneyInvariants();
  });

  it("a coin address needs the withdrawal password, like a bank account", async () => {
    const { token } = await player(0);
    expectError(await api("/api/Game/addbankcard", { token, type: "USDT", address: randomAddress() }), 2057);
    expectError(
      await api("/api/Game/addbankcard", { token, type: "USDT", address: randomAddress(), payPwd: "wrong999" }),
      1033,
    );
    const withoutPassword = await registerPlayer();
    expectError(
      await api("/api/Game/addbankcard", {
        token: withoutPassword.token,
        type: "USDT",
        address: randomAddress(),
        payPwd: "pay12345",
      }),
      1080,
    );
    expect((await addCoinAddress(token)).type).toBe("USDT");
  });
});

describe("SMS codes", () => {
  it(`checks at most ${MAX_FAILURES} of ${GUESSES} concurrent wrong codes for one phone`, async () => {
    const fields = await newPlayerFields();
    let n = 0;
    const codes = await race(() =>
      api("/api/index/register", { ...fields, username: `${fields.username}${n++}`.slice(0, 20), captcha: "000000" }),
    );
    expect(codes.get(2053)).toBe(MAX_FAILURES);
    expect(codes.get(2065)).toBe(GUESSES - MAX_FAILURES);
    expectError(await api("/api/index/register", fields), 2065);
  });

  it("sms_send does not tell whether a phone is registered; only the right code does", async () => {
    const { fields } = await registerPlayer();
    const fresh = await newPlayerFields();
    await env.DB.prepare(`DELETE FROM ${quotedTable(smsCodes)} WHERE phone IN (?, ?)`)
      .bind(fields.phone, fresh.phone)
      .run();
    const known = await api("/api/index/sms_send", { quhao: fields.quhao, mobile: fields.phone });
    const unknown = await api("/api/index/sms_send", { quhao: fresh.quhao, mobile: fresh.phone });
    expectOk(known);
    expectOk(unknown);
    expect(known.data).toEqual(unknown.data);
    // Someone without the code learns nothing more from registering...
    expectError(
      await api("/api/index/register", { ...(await newPlayerFields()), phone: fields.phone, captcha: "000000" }),
      2053,
    );
    // ...and with the code, the phone's holder is told it has an account.
    await env.DB.prepare(`DELETE FROM ${quotedTable(smsCodes)} WHERE phone = ?`)
      .bind(fields.phone)
      .run();
    const again = await newPlayerFields({ phone: fields.phone, captcha: "654321" });
    expectError(await api("/api/index/register", again), 2052);
  });
});
