import { databasesOf } from "../worker/db/databases";
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { finishRound, placeOk, playerWith } from "./rooms-helpers";
import { checkEveryShard } from "../worker/insight/books";
import worker from "../worker/index";
import { playerD1, sumEverywhere } from "./shard-helpers";
import { walletBindings } from "../worker/db/shards";
import { accountDirectory, booksChecks, ledger, booksAccountSums, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The live books check (docs/decisions/136). Storage is shared by the tests of this file: the checks that
// pass come first, then the books are broken on purpose, one way per test, each test looking for its own
// disagreement in the stored result. Each wallet shard checks its own books and keeps its own checks
// (docs/decisions/161): a test breaks a player's books in the player's shard and reads that shard's check.
const DAY = 24 * 60 * 60 * 1000;

async function shardOf(userId: number) {
  const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(userId)
    .first<{ shard: number }>();
  return row!.shard;
}

/** A check of every shard now, as the console's button runs it: each shard's result, in shard order. */
const checkNow = (atMs = Date.now()) => checkEveryShard(databasesOf(env), atMs);

async function runCron(atMs = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: atMs }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The checks stored, in every database (each wallet shard stores its own). */
const checks = () => sumEverywhere(`SELECT COUNT(*) AS n FROM ${quotedTable(booksChecks)}`);

async function books(token: string) {
  const answer = await api("/api/admin/books", { token });
  expectOk(answer);
  return answer.data;
}

describe("the books checked live", () => {
  it("are checked by the cron every few minutes and pass on books that hold", async () => {
    const player = await playerWith(50_000);
    await placeOk(player.token, 1, [[0, 1.98, 25]]);
    const shards = walletBindings(env).length;
    const before = await checks();
    await runCron();
    // one check in each wallet shard
    expect(await checks()).toBe(before + shards);
    // a minute later the cron finds the last check fresh and skips
    await runCron();
    expect(await checks()).toBe(before + shards);
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
    const tomorrow = Date.now() + DAY;
    const moved = await checkNow(tomorrow);
    expect(moved.map((r) => r.ok)).not.toContain(false);
    expect(moved.map((r) => r.rowsSummed)).toEqual(moved.map(() => 0));
    // each database's checkpoint against its own ledger
    const sums = await sumEverywhere(
      `SELECT COUNT(*) AS n FROM (SELECT user_id, SUM(amount_cents) AS total FROM ${quotedTable(ledger)} GROUP BY user_id) l
       LEFT JOIN ${quotedTable(booksAccountSums)} s ON s.user_id = l.user_id WHERE s.sum_cents IS NOT l.total`,
    );
    expect(sums).toBe(0);
    // a second check the same day does not move it twice
    await checkNow(tomorrow + 1000);
    expect(
      await sumEverywhere(
        `SELECT COUNT(*) AS n FROM (SELECT user_id, SUM(amount_cents) AS total FROM ${quotedTable(ledger)} GROUP BY user_id) l JOIN ${quotedTable(booksAccountSums)} s ON s.user_id = l.user_id WHERE s.sum_cents <> l.total`,
      ),
    ).toBe(0);
    const player = await playerWith(10_000);
    const after = await checkNow(tomorrow + 2000);
    expect(after.map((r) => r.ok)).not.toContain(false);
    // the new player's opening credit: its row and the house's mirror in the player's shard, nothing older
    const shard = await shardOf(player.userId);
    expect(after.map((r) => r.rowsSummed)).toEqual(after.map((_, n) => (n === shard ? 2 : 0)));
  });

  it("fail, in red to every operator and as an error line, when a ledger row has no balance change", async () => {
    const player = await playerWith(20_000);
    // money appears in the ledger, not in the balance (the ledger forbids updates: an insert breaks it)
    await (
      await playerD1(player.userId)
    )
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms) VALUES (?, 700, 20000, 20700, 'topup', 'broken on purpose', ?, ?)`,
      )
      .bind(player.userId, `broken:${player.userId}`, Date.now())
      .run();
    const shard = await shardOf(player.userId);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const results = await checkNow();
    const result = results[shard];
    expect(result.ok).toBe(false);
    // the other shards' books hold
    expect(results.filter((r) => !r.ok)).toEqual([result]);
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
    // the console names the wallet shard whose books disagree (docs/decisions/161)
    expect(shown.problems).toContainEqual({
      kind: "balance",
      userId: player.userId,
      balance: 200,
      ledger: 207,
      shard,
    });
    const stored = await (
      await playerD1(player.userId)
    )
      .prepare(`SELECT ok, problems FROM ${quotedTable(booksChecks)} ORDER BY id DESC LIMIT 1`)
      .first<{
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
      .prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 123 WHERE id = ?`)
      .bind(player.userId)
      .run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const results = await checkNow();
    vi.restoreAllMocks();
    const result = results[await shardOf(player.userId)];
    expect(result.problems).toContainEqual({
      kind: "balance",
      userId: player.userId,
      balanceCents: 30_123,
      ledgerCents: 30_000,
    });
    const sum = result.problems.find((p) => p.kind === "sum");
    expect(sum).toBeDefined();
    // the inserted row of the test before is not in any balance; these 1.23 are in no ledger row, in the
    // player's shard, and every shard's balances with the stakes in play sum to them
    expect(result.balancesCents + result.stakesInPlayCents).toBe(123);
    expect(results.reduce((n, r) => n + r.balancesCents + r.stakesInPlayCents, 0)).toBe(123);
  });

  it("fail on a negative player balance", async () => {
    const player = await playerWith(1_000);
    // users_money_non_negative forbids it: only with the checks switched off can the books go below zero
    const shard = await playerD1(player.userId);
    await shard.batch([
      shard.prepare("PRAGMA ignore_check_constraints = ON"),
      shard.prepare(`UPDATE ${quotedTable(users)} SET money_cents = -500 WHERE id = ?`).bind(player.userId),
      shard.prepare("PRAGMA ignore_check_constraints = OFF"),
    ]);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const results = await checkNow();
    vi.restoreAllMocks();
    expect(results[await shardOf(player.userId)].problems).toContainEqual({
      kind: "negative",
      userId: player.userId,
      balanceCents: -500,
    });
  });
});
