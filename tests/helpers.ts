import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { hashSmsCode } from "../worker/players/sms";
import { totpAt } from "../worker/auth/totp";
import { seedOperatorTotpSecret } from "../worker/operators/sign-in";
import { expectBooksBalanced, expectOk, type Answer, type ContractClient } from "./contract/client";
import { newPlayerFields as contractPlayerFields } from "./contract/players";

export { expectError, expectOk, type Answer } from "./contract/client";

let nextIp = 1;

/** A contract call as any client makes it: POST, JSON body, lang and token inside. */
export async function api<T = any>(path: string, body: unknown = {}, init: RequestInit = {}): Promise<Answer<T>> {
  const response = await exports.default.fetch(`https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `10.0.0.${nextIp++ % 250}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer<T>;
}

/** The Worker's contract called in-process, for the shared flows of tests/contract/. */
export const direct: ContractClient = { call: api, operatorCall: api, plantSmsCode, pepper: env.PEPPER };

/** Fresh, valid registration fields; the SMS code is planted the way sms_send would store it. */
export const newPlayerFields = (overrides: Record<string, string> = {}) => contractPlayerFields(direct, overrides);

async function plantSmsCode(quhao: string, phone: string, code: string, expiresInMs = 300_000) {
  const now = Date.now();
  await env.DB.prepare("INSERT INTO sms_codes (quhao, phone, code_hash, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?, ?)")
    .bind(quhao, phone, await hashSmsCode(env.PEPPER, quhao, phone, code), now - 61_000, now + expiresInMs)
    .run();
}

/** Registers a new player and returns its token and username. */
export async function registerPlayer(overrides: Record<string, string> = {}) {
  const fields = await newPlayerFields(overrides);
  const answer = await api("/api/index/register", fields);
  expectOk(answer);
  return { token: answer.data.token as string, username: fields.username, password: fields.password, fields };
}

export async function login(username: string, password: string) {
  const answer = await api("/api/Index/login", { username, password });
  expectOk(answer);
  return answer.data.token as string;
}

/** The seeded operator's current TOTP code (its secret derives from the pepper, as `npm start` prints it). */
export async function operatorCode(nowMs = Date.now()) {
  return totpAt(await seedOperatorTotpSecret(env.PEPPER), nowMs);
}

/** An operator session the way the console makes one: POST /api/admin/login with password and TOTP. */
export async function operatorLogin(username = "admin", password = "admin1234") {
  const answer = await api("/api/admin/login", { username, password, code: await operatorCode() });
  expectOk(answer);
  return answer.data.token as string;
}

export async function count(table: string, where = "1 = 1", ...params: unknown[]) {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).bind(...params).first<{ n: number }>();
  return row!.n;
}

/** docs/product.md#money with docs/decisions/110 (tests/contract/client.ts expectBooksBalanced). */
export const expectMoneyInvariants = () => expectBooksBalanced(env.DB);
