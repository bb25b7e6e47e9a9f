import { env } from "cloudflare:workers";
import { rowsEverywhere } from "./shard-helpers";
import { describe, expect, it } from "vitest";
import { enrolmentCodeHash, ENROLMENT_TTL_MS, newEnrolmentCode } from "#shared/operators/enrolment-code";
import { playerTime } from "../app/lib/player-time";
import { totpAt } from "../worker/auth/totp";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { player, paidInto } from "./wallet-helpers";
import { auditLog, accountDirectory, users, enrolmentCodes } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Every session an operator starts is a sign-in on the record (docs/decisions/060-operator-sign-in.md):
// one audit row in the batch that makes the session, whether it came from /admin/login or from finishing
// enrolment, and the operators list reads "last sign-in" from those rows, not from sessions or from
// whatever else the operator did since.

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The operator's audit rows of an action, in every database: a money move's is in the player's shard (docs/decisions/161). */
async function auditOf(operatorId: number, action: string) {
  const rows = await rowsEverywhere<{ atMs: number; after: string | null }>(
    `SELECT created_at_ms AS atMs, after FROM ${quotedTable(auditLog)} WHERE actor_id = ? AND action = ?`,
    operatorId,
    action,
  );
  return rows.sort((a, b) => a.atMs - b.atMs);
}

/** What the console tells an admin about this operator: the API's figure and the operators page's row. */
async function lastSignInShown(operatorId: number, username: string) {
  const list = await api("/api/admin/operators", { token: await operatorLogin() });
  expectOk(list);
  const listed = list.data.list.find((o: { id: number }) => o.id === operatorId);
  const response = await (await operatorBrowser()).get("/admin/operators");
  const html = await response.text();
  expect(response.status).toBe(200);
  const row = new RegExp(`<tr[^>]*>(?:(?!</tr>)[\\s\\S])*?${username}[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
  return { ms: listed.lastSignInMs as number | null, row: text(row) };
}

describe("sign-ins on the record", () => {
  it("an operator who signed in, approved a deposit and signed out shows that sign-in as their last", async () => {
    const op = await secondOperator(true, "cashier");
    const token = await op.signIn();
    const [signIn, ...more] = await auditOf(op.id, "operator.login");
    expect(more).toEqual([]);
    expect(JSON.parse(signIn.after!)).toEqual({ method: "totp" });
    // later work by the same operator is no sign-in: the approval and the sign-out come after it
    await pause(20);
    const p = await player();
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 500,
      pay_name: "Payer",
    });
    expectOk(deposit);
    expectOk(await api("/api/admin/deposits/approve", { token, id: deposit.data.id, note: "" }));
    await pause(20);
    expectOk(await api("/api/admin/logout", { token }));
    const [approval] = await auditOf(op.id, "deposit.approve");
    expect(approval.atMs).toBeGreaterThan(signIn.atMs);

    const shown = await lastSignInShown(op.id, op.username);
    expect(shown.ms).toBe(signIn.atMs);
    expect(shown.row).toContain(playerTime(signIn.atMs));
    expect(shown.row).not.toContain("never");
    await expectMoneyInvariants();
  });

  it("an operator who finishes enrolment is signed in, and that sign-in is audited (method enrolment)", async () => {
    // a deployment's first admin as scripts/operator.mjs makes it: active, no password, an enrolment code
    const username = `first${Date.now() % 100000}`;
    const enrolCode = newEnrolmentCode();
    const nowMs = Date.now();
    // its id from the directory of accounts, as every account's (docs/decisions/161)
    const [, made] = await env.DB.batch([
      env.DB.prepare(`INSERT INTO ${quotedTable(accountDirectory)} (username, created_at_ms) VALUES (?, ?)`).bind(
        username,
        nowMs,
      ),
      env.DB.prepare(
        `INSERT INTO ${quotedTable(users)} (id, username, nickname, role, operator_role, password_hash, created_at_ms) VALUES (last_insert_rowid(), ?, ?, 'operator', 'admin', '!', ?) RETURNING id`,
      ).bind(username, username, nowMs),
    ]);
    const id = (made.results[0] as { id: number }).id;
    await env.DB.prepare(
      `INSERT INTO ${quotedTable(enrolmentCodes)} (user_id, code_hash, created_by, created_at_ms, expires_at_ms) VALUES (?, ?, NULL, ?, ?)`,
    )
      .bind(id, await enrolmentCodeHash(enrolCode), nowMs, nowMs + ENROLMENT_TTL_MS)
      .run();
    expect((await lastSignInShown(id, username)).ms).toBeNull();

    const browser = new Browser();
    const started = await browser.post("/admin/enrol", { intent: "start", username, enrolCode });
    const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await started.text())![1];
    const confirmed = await browser.post("/admin/enrol", {
      intent: "confirm",
      username,
      enrolCode,
      secret,
      password: "first-admin-pass-1",
      code: await totpAt(secret, Date.now()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith("__op="))).toBe(true);
    await confirmed.body?.cancel();
    const console = await browser.get("/admin");
    expect(console.status).toBe(200);
    await console.body?.cancel();

    const [enrolled] = await auditOf(id, "operator.enrol");
    const signIns = await auditOf(id, "operator.login");
    expect(signIns).toHaveLength(1);
    expect(JSON.parse(signIns[0].after!)).toEqual({ method: "enrolment" });
    expect(signIns[0].atMs).toBe(enrolled.atMs);
    const shown = await lastSignInShown(id, username);
    expect(shown.ms).toBe(signIns[0].atMs);
    expect(shown.row).toContain(playerTime(signIns[0].atMs));
  });
});
