import { forgetPerFile } from "./support/file-state";
import { sha256 } from "@noble/hashes/sha2.js";
import { env } from "cloudflare:workers";
import { api, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { playerD1, rowsEverywhere } from "./shard-helpers";
import { users, settings, ledger, auditLog } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Shared steps of the wallet tests: players with money, cards and an operator session.

export const PAY_PASSWORD = "pay12345";
/** worker/settings/settings.ts adjust_second_approval_cents, in money */
const SINGLE_OPERATOR_ADJUST_LIMIT = 10_000;

let operatorToken: string | undefined;
forgetPerFile(() => (operatorToken = undefined));

export async function operator() {
  operatorToken ??= await operatorLogin();
  return operatorToken;
}

export async function userIdOf(token: string): Promise<number> {
  const answer = await api("/api/Game/getuserinfo", { token });
  expectOk(answer);
  return answer.data.id;
}

export async function balanceCents(userId: number): Promise<number> {
  const row = await (
    await playerD1(userId)
  )
    .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(userId)
    .first<{ money_cents: number }>();
  return row!.money_cents;
}

let funderTokens: Promise<[string, string]> | undefined;
forgetPerFile(() => (funderTokens = undefined));

/**
 * Test funds come from two operators of their own: operator() then has adjusted nobody and approved no
 * deposit, and may approve their withdrawals (docs/decisions/061-four-eyes-on-money.md). For this test
 * file (each file has its own database) the funders' daily total and the largest deposit are raised.
 */
function funders() {
  funderTokens ??= (async () => {
    await env.DB.prepare(
      `INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('adjust_operator_daily_cents', '100000000000'), ('deposit_max_cents', '100000000000')`,
    ).run();
    return Promise.all([
      (await secondOperator(true, "cashier")).signIn(),
      (await secondOperator(true, "cashier")).signIn(),
    ]);
  })();
  return funderTokens;
}

/** The deposit account the tests' site lists, the one their deposits name (docs/decisions/140). */
export const SITE_PAYEE = { type: "bank", name: "Techcombank", holder: "DEMO PAYMENTS", account: "19033344455566" };

/**
 * Where a test's deposit says it was paid: the site's account, which this makes sure the site lists (a site with no
 * account takes no deposit, 1262), and a transfer reference. The account is written as the seed writes settings, not
 * asked and approved: the four eyes on deposit accounts are tests/four-eyes-settings.test.ts's subject.
 */
export async function paidInto() {
  const row = await env.DB.prepare(`SELECT value FROM ${quotedTable(settings)} WHERE key = 'deposit_payees'`).first<{
    value: string;
  }>();
  const listed = row ? (JSON.parse(row.value) as { account: string }[]) : [];
  if (!listed.some((p) => p.account === SITE_PAYEE.account))
    await env.DB.prepare(`INSERT OR REPLACE INTO ${quotedTable(settings)} (key, value) VALUES ('deposit_payees', ?)`)
      .bind(JSON.stringify([...listed, SITE_PAYEE]))
      .run();
  return { payee: SITE_PAYEE.account, pay_ref: "FT2612070001" };
}

/** A new player with a withdrawal password and, when asked, money credited by an operator. */
export async function player(money = 0, payPwd = PAY_PASSWORD) {
  const { token, username } = await registerPlayer({ payPwd });
  const id = await userIdOf(token);
  if (money > 0 && money <= SINGLE_OPERATOR_ADJUST_LIMIT) {
    const answer = await api("/api/admin/adjust", {
      text: "correction",
      token: (await funders())[0],
      userId: id,
      money,
      reason: "test funds",
    });
    expectOk(answer);
  } else if (money > 0) {
    // above one operator's threshold (four eyes): the player deposits it and two funders approve it
    const [first, second] = await funders();
    const asked = await api("/api/Game/recharge", { token, money, pay_name: "Test Funds", ...(await paidInto()) });
    expectOk(asked);
    expectOk(await api("/api/admin/deposits/approve", { token: first, id: asked.data.id }));
    expectOk(await api("/api/admin/deposits/approve", { token: second, id: asked.data.id }));
  }
  return { token, id, username };
}

export async function addCoinAddress(token: string, type = "USDT", address = randomAddress(type)) {
  const answer = await api("/api/Game/addbankcard", { token, type, address, payPwd: PAY_PASSWORD });
  expectOk(answer);
  return answer.data as { id: number; type: string; address: string };
}

export async function addBank(token: string, overrides: Record<string, string> = {}) {
  const answer = await api("/api/Game/addbankcard", {
    token,
    type: "Bank",
    bank: "Vietcombank",
    account: randomDigits(12),
    username: "Nguyen Van A",
    area: "Hanoi",
    payPwd: PAY_PASSWORD,
    ...overrides,
  });
  expectOk(answer);
  return answer.data as { id: number; account: string };
}

/**
 * A fresh, valid mainnet address for a coin or network (shared/coin-address.ts checks them): a
 * Tron one for USDT (TRC20), a P2PKH one for BTC, a lower-case hex one for ETH and ERC20. Nobody holds
 * their keys: 20 random bytes with the right version byte and checksum.
 */
export function randomAddress(kind = "USDT") {
  const body = crypto.getRandomValues(new Uint8Array(20));
  if (kind === "ETH" || kind === "ERC20") return `0x${[...body].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  return base58Check(kind === "BTC" ? 0x00 : 0x41, body);
}

function base58Check(version: number, body: Uint8Array) {
  const payload = Uint8Array.from([version, ...body]);
  const bytes = Uint8Array.from([...payload, ...sha256(sha256(payload)).subarray(0, 4)]);
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let value = BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`);
  let out = "";
  while (value > 0n) {
    out = alphabet[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

export function randomDigits(n: number) {
  let out = "";
  while (out.length < n) out += String(crypto.getRandomValues(new Uint32Array(1))[0]);
  return out.slice(0, n);
}

export function requestId() {
  return `r${crypto.randomUUID().replace(/-/g, "")}`;
}

export async function ledgerRows(userId: number) {
  const rows = await (
    await playerD1(userId)
  )
    .prepare(
      `SELECT amount_cents, type, reason, idempotency_key FROM ${quotedTable(ledger)} WHERE user_id = ? ORDER BY id`,
    )
    .bind(userId)
    .all<{ amount_cents: number; type: string; reason: string; idempotency_key: string }>();
  return rows.results;
}

/** Audit rows of an action on a target, in every database (a money move's are in its player's shard). */
export async function auditCount(action: string, target: string) {
  return (
    await rowsEverywhere(`SELECT id FROM ${quotedTable(auditLog)} WHERE action = ? AND target = ?`, action, target)
  ).length;
}
