import { databasesOf } from "../worker/db/databases";
import { forgetPerFile } from "./support/file-state";
import { moveClockAhead } from "./support/isolate-clock";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { hashSmsCode } from "../worker/players/sms";
import { normalisePhone } from "../shared/players/phone";
import { totpAt } from "../worker/auth/totp";
import { seedOperatorTotpSecret } from "../worker/operators/sign-in";
import { newSessionStatement } from "../worker/accounts/sessions";
import { allDatabases } from "./shard-helpers";
import { expectBooksBalanced, expectOk, type Answer, type ContractClient } from "./contract/client";
import { newPlayerFields as contractPlayerFields } from "./contract/players";
import { smsCodes, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

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

/** Stored as sms_send stores it: for the number's E.164 spelling (docs/decisions/168), whatever spelling is given. */
async function plantSmsCode(typedQuhao: string, typedPhone: string, code: string, expiresInMs = 300_000) {
  const now = Date.now();
  const number = normalisePhone(typedPhone, typedQuhao);
  const [quhao, phone] = number ? [number.dialCode, number.e164] : [typedQuhao, typedPhone];
  await env.DB.prepare(
    `INSERT INTO ${quotedTable(smsCodes)} (quhao, phone, code_hash, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?, ?)`,
  )
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

/** The seeded operator's TOTP code at a time (its secret derives from the pepper, as `npm start` prints it). */
export async function operatorCode(nowMs = Date.now(), username = "admin") {
  return totpAt(await seedOperatorTotpSecret(env.PEPPER, username), nowMs);
}

const lastSteps = new Map<string, number>();
forgetPerFile(() => lastSteps.clear());

/**
 * A code of a TOTP step this test file has not used yet for this secret. Each step signs in once
 * (docs/decisions/060-operator-sign-in.md) and the next one is valid already (one step of drift), so two
 * sign-ins a step go at once; a third moves the isolate's clock into the next step (tests/support/isolate-clock.ts).
 */
export async function freshTotpCode(secret: string) {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastSteps.get(secret) ?? 0) + 1);
  // the step after next: the isolate's clock moves into the next step rather than waiting for it
  if (step > now + 1) moveClockAhead((step - 1) * 30_000 - Date.now() + 100);
  lastSteps.set(secret, step);
  return totpAt(secret, step * 30_000);
}

/** A fresh code of a seeded operator (see freshTotpCode). */
export const freshOperatorCode = async (username = "admin") =>
  freshTotpCode(await seedOperatorTotpSecret(env.PEPPER, username));

/**
 * An operator session as POST /api/admin/login makes it, written straight to D1: each TOTP step signs in
 * once, so tests about something else do not spend steps (signing in itself: tests/admin-auth.test.ts).
 */
export async function operatorLogin(username = "admin") {
  const operator = await env.DB.prepare(
    `SELECT id, password_generation FROM ${quotedTable(users)} WHERE lower(username) = lower(?) AND role = 'operator'`,
  )
    .bind(username)
    .first<{ id: number; password_generation: number }>();
  if (!operator) throw new Error(`no operator ${username}`);
  const { token, statement } = await newSessionStatement(
    databasesOf(env).control,
    { id: operator.id, passwordGeneration: operator.password_generation },
    "operator",
    Date.now(),
  );
  await statement;
  return token;
}

/** Rows of a table that match, in every database once (the control database and each wallet shard, tests/shard-helpers.ts). */
export async function count(table: string, where = "1 = 1", ...params: unknown[]) {
  let n = 0;
  for (const d1 of allDatabases()) {
    const row = await d1
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...params)
      .first<{ n: number }>();
    n += row!.n;
  }
  return n;
}

/**
 * docs/product.md#money with docs/decisions/110 (tests/contract/client.ts expectBooksBalanced), in the control
 * database and in every wallet shard on its own: each shard's books sum to zero (docs/decisions/161).
 */
export async function expectMoneyInvariants() {
  for (const d1 of allDatabases()) await expectBooksBalanced(d1, env.DB);
}

/** A page's words as a reader sees them: scripts and tags dropped, the apostrophe entity read, spaces collapsed. */
export const visibleText = (html: string) =>
  html
    .replace(/<script[^]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
