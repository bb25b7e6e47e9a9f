import { env } from "cloudflare:workers";
import { hashPassword } from "../worker/auth/password";
import { base32Encode } from "../worker/auth/totp";
import type { OperatorRole } from "#shared/operators/roles";
import { api, expectOk, freshTotpCode, operatorLogin } from "./helpers";
import { rowsEverywhere } from "./shard-helpers";
import { accountDirectory, users, auditLog } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// A second operator for four-eyes tests, with a known TOTP secret, signed in like the console does.
let made = 0;

export async function secondOperator(enrolled = true, role: OperatorRole = "admin") {
  made++;
  const username = `op${Date.now() % 100000}${made}`;
  const password = "operator-pass-1";
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  // the id comes from the directory, as every account's does (docs/decisions/161)
  const [, inserted] = await env.DB.batch([
    env.DB.prepare(`INSERT INTO ${quotedTable(accountDirectory)} (username, created_at_ms) VALUES (?, ?)`).bind(
      username,
      Date.now(),
    ),
    env.DB.prepare(
      `INSERT INTO ${quotedTable(users)} (id, username, nickname, role, operator_role, password_hash, totp_secret, created_at_ms) VALUES (last_insert_rowid(), ?, ?, 'operator', ?, ?, ?, ?) RETURNING id`,
    ).bind(username, username, role, await hashPassword(password, env.PEPPER), enrolled ? secret : null, Date.now()),
  ]);
  const row = inserted.results[0] as { id: number } | undefined;
  const signIn = async () => {
    const answer = await api("/api/admin/login", { username, password, code: await freshTotpCode(secret) });
    expectOk(answer);
    return answer.data.token as string;
  };
  return { id: row!.id, username, password, secret, signIn };
}

/** An action's audit rows on a target, oldest first, from every database (a money move's are in its player's shard). */
export async function auditRows(action: string, target: string) {
  const rows = await rowsEverywhere<{ actor_id: number; before: string | null; after: string | null; at: number }>(
    `SELECT actor_id, before, after, created_at_ms AS at FROM ${quotedTable(auditLog)} WHERE action = ? AND target = ? ORDER BY id`,
    action,
    target,
  );
  return rows.sort((a, b) => a.at - b.at).map((r) => ({ actor_id: r.actor_id, before: r.before, after: r.after }));
}

/**
 * Deposit payees or coin payout rates set as the console sets them (docs/decisions/167-money-settings-four-eyes.md):
 * the seeded admin asks, a second admin approves each change it filed. Answers the settings the approval left.
 */
export async function setMoneySettings(values: {
  payees?: unknown[];
  coin_payouts?: Record<string, unknown>;
  deposit_mode?: "request" | "contact";
  kefu_url?: string;
}) {
  const asker = await operatorLogin();
  const asked = await api("/api/admin/settings/update", { token: asker, ...values });
  expectOk(asked);
  const approver = await operatorLogin("admin2");
  for (const { id } of asked.data.waiting as { id: number }[])
    expectOk(await api("/api/admin/settings/requests/approve", { token: approver, id }));
  const settings = await api("/api/admin/settings", { token: asker });
  expectOk(settings);
  return settings.data;
}
