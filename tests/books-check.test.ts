import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { finishRound, placeOk, playerWith } from "./rooms-helpers";
import { getDb } from "../worker/db/client";
import { checkBooks } from "../worker/insight/books";
import worker from "../worker/index";
import { playerD1, sumEverywhere } from "./shard-helpers";

// The live books check (docs/decisions/136). Storage is shared by the tests of this file: the checks that
// pass come first, then the books are broken on purpose, one way per test, each test looking for its own
// disagreement in the stored result.
const DAY = 24 * 60 * 60 * 1000;

async function runCron(atMs = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: atMs }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const checks = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM books_checks").first<{ n: number }>())!.n;

async function books(token: string) {
  const answer = await api("/api/admin/books", { token });
  expectOk(answer);
  return answer.data;
}

describe("the books checked live", () => {
  it("are checked by the cron every few minutes and pass on books that hold", async () => {
    const player = await playerWith(50_000);
    await placeOk(player.token, 1, [[0, 1.98, 25]]);
    const before = await checks();
    await runCron();
    expect(await checks()).toBe(before + 1);
    // a minute later the cron finds the last check fresh and skips
    await runCron();
    expect(await checks()).toBe(before + 1);
    const op = await operatorLogin();
    const shown = await books(op);
    expect(shown).toMatchObject({ checked: true, ok: true, problems: [], everyMinutes: 5 });
    expect(Date.now() - shown.at).toBeLessThan(60_000);
    // the stake awaits its draw: balances sum to minus the stakes in play
    expect(shown.stakesInPlay).toBeGreaterThanOrEqual(25);
    expect(shown.balances).toBeCloseTo(-shown.stakesInPlay, 2);
    await finishRound(1);
    await expectMoneyInvariants();
  }, 60_000);

  it("sum only the ledger rows after the day's checkpoint, and the checkpoint equals the whole ledger", async () => {
    const db = getDb(env);
    const tomorrow = Date.now() + DAY;
    const moved = await checkBooks(db, tomorrow);
    expect(moved.ok).toBe(true);
    expect(moved.rowsSummed).toBe(0);
    // each database's checkpoint against its own ledger
    const sums = await sumEverywhere(
      `SELECT COUNT(*) AS n FROM (SELECT user_id, SUM(amount_cents) AS total FROM ledger GROUP BY user_id) l
       LEFT JOIN books_account_sums s ON s.user_id = l.user_id WHERE s.sum_cents IS NOT l.total`,
    );
    expect(sums).toBe(0);
    // a second check the same day does not move it twice
    await checkBooks(db, tomorrow + 1000);
    expect(
      await sumEverywhere(
        "SELECT COUNT(*) AS n FROM (SELECT user_id, SUM(amount_cents) AS total FROM ledger GROUP BY user_id) l JOIN books_account_sums s ON s.user_id = l.user_id WHERE s.sum_cents <> l.total",
      ),
    ).toBe(0);
    const player = await playerWith(10_000);
    const after = await checkBooks(db, tomorrow + 2000);
    expect(after.ok).toBe(true);
    // the new player's opening credit: its row and the house's mirror, nothing older
    expect(after.rowsSummed).toBe(2);
    expect(player.userId).toBeGreaterThan(0);
  });

  it("fail, in red to every operator and as an error line, when a ledger row has no balance change", async () => {
    const player = await playerWith(20_000);
    // money appears in the ledger, not in the balance (the ledger forbids updates: an insert breaks it)
    await (
      await playerD1(player.userId)
    )
      .prepare(
        "INSERT INTO ledger (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (?, 700, 20000, 20700, 'topup', 'broken on purpose', ?, ?)",
      )
      .bind(player.userId, `broken:${player.userId}`, Date.now())
      .run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await checkBooks(getDb(env), Date.now());
    expect(result.ok).toBe(false);
    expect(result.problems).toContainEqual({
      kind: "balance",
      userId: player.userId,
      balanceCents: 20_000,
      ledgerCents: 20_700,
    });
    const line = errors.mock.calls.map((c) => String(c[0])).find((l) => l.includes("check failed"));
    errors.mockRestore();
    expect(JSON.parse(line!)).toMatchObject({ books: "check failed" });
    const shown = await books(await operatorLogin());
    expect(shown.ok).toBe(false);
    // the console names the wallet shard whose books disagree (docs/decisions/161): here the one there is
    expect(shown.problems).toContainEqual({
      kind: "balance",
      userId: player.userId,
      balance: 200,
      ledger: 207,
      shard: 0,
    });
    const stored = await env.DB.prepare("SELECT ok, problems FROM books_checks ORDER BY id DESC LIMIT 1").first<{
      ok: number;
      problems: string;
    }>();
    expect(stored!.ok).toBe(0);
    expect(JSON.parse(stored!.problems)).toContainEqual({
      kind: "balance",
      userId: player.userId,
      balanceCents: 20_000,
      ledgerCents: 20_700,
    });
  });

  it("fail when a balance is changed without its ledger row, and when the accounts stop summing to zero", async () => {
    const player = await playerWith(30_000);
    await (
      await playerD1(player.userId)
    )
      .prepare("UPDATE users SET money_cents = money_cents + 123 WHERE id = ?")
      .bind(player.userId)
      .run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await checkBooks(getDb(env), Date.now());
    vi.restoreAllMocks();
    expect(result.problems).toContainEqual({
      kind: "balance",
      userId: player.userId,
      balanceCents: 30_123,
      ledgerCents: 30_000,
    });
    const sum = result.problems.find((p) => p.kind === "sum");
    expect(sum).toBeDefined();
    // the inserted row of the test before is not in any balance; these 1.23 are in no ledger row
    expect(result.balancesCents + result.stakesInPlayCents).toBe(123);
  });

  it("fail on a negative player balance", async () => {
    const player = await playerWith(1_000);
    // users_money_non_negative forbids it: only with the checks switched off can the books go below zero
    const shard = await playerD1(player.userId);
    await shard.batch([
      shard.prepare("PRAGMA ignore_check_constraints = ON"),
      shard.prepare("UPDATE users SET money_cents = -500 WHERE id = ?").bind(player.userId),
      shard.prepare("PRAGMA ignore_check_constraints = OFF"),
    ]);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await checkBooks(getDb(env), Date.now());
    vi.restoreAllMocks();
    expect(result.problems).toContainEqual({ kind: "negative", userId: player.userId, balanceCents: -500 });
  });
});
