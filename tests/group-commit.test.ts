import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants } from "./helpers";
import { balanceOf, playerWith } from "./rooms-helpers";
import { type WalletDb, walletHandle } from "../worker/db/client";
import { runInOneBatch } from "../worker/db/batch";
import { GroupCommit, MAX_GROUP } from "../worker/room/group-commit";
import { balanceChangeStatements } from "../worker/ledger/ledger";
import { ledgerReasons } from "../worker/ledger/reasons";
import { playerD1 } from "./shard-helpers";

// Group commit (worker/room/group-commit.ts) over the real D1, with the real money statements: the
// house-side debits of worker/ledger/ledger.ts, four statements each.

// the debits of each test's player, in the player's shard (docs/decisions/161)
let db: WalletDb = databasesOf(env).wallet(0);
let keys = 0;

/** A house-side debit; each with its own idempotency key unless one is given. */
const debit = (userId: number, cents: number, idempotencyKey = `group-commit-test:${++keys}:${Date.now()}`) =>
  balanceChangeStatements(db, {
    userId,
    amountCents: -cents,
    type: "debit",
    reason: ledgerReasons.adjustment("correction"),
    idempotencyKey,
    nowMs: Date.now(),
  });

/** A writer over the real D1 that records how many statements each batch it sent carried. */
function countedWriter() {
  const batches: number[] = [];
  const writer = new GroupCommit((statements) => {
    batches.push(statements.length);
    return runInOneBatch(db, statements);
  });
  return { writer, batches };
}

/** The player's balance after the write: its own balance update's RETURNING. */
const balanceAfter = (results: D1Result[]) => (results[1].results[0] as { moneyCents: number }).moneyCents;

/** A new player holding `cents`; the writes that follow go to their shard. */
async function player(cents: number) {
  const { userId } = await playerWith(cents);
  db = walletHandle(await playerD1(userId));
  return userId;
}

describe("group commit", () => {
  it("sends the writes that arrive while a batch is on its way as one batch, each with its own results", async () => {
    const userId = await player(10_000);
    const { writer, batches } = countedWriter();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => writer.write(debit(userId, 1_000))));
    // The first goes at once, alone; the four that came meanwhile go together, in arrival order.
    expect(batches).toEqual([4, 16]);
    expect(results.map((r) => r.length)).toEqual([4, 4, 4, 4, 4]);
    expect(results.map(balanceAfter)).toEqual([9_000, 8_000, 7_000, 6_000, 5_000]);
    // With nothing on its way, a write goes at once.
    expect(balanceAfter(await writer.write(debit(userId, 1_000)))).toBe(4_000);
    expect(batches).toEqual([4, 16, 4]);
    expect(await balanceOf(userId)).toBe(4_000);
    expect(await count("ledger", "user_id = ? AND type = 'debit'", userId)).toBe(6);
    await expectMoneyInvariants();
  });

  it("writes the others of a group when one breaks its transaction, and refuses that one as alone", async () => {
    const userId = await player(3_000);
    const { writer, batches } = countedWriter();
    const outcomes = await Promise.allSettled(
      [1_000, 500, 5_000, 500].map((cents) => writer.write(debit(userId, cents))),
    );
    // The group of three was rolled back by the overdraw, then each was sent alone.
    expect(batches).toEqual([4, 12, 4, 4, 4]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const balances = outcomes.map((o) => (o.status === "fulfilled" ? balanceAfter(o.value) : null));
    expect(balances).toEqual([2_000, 1_500, null, 1_000]);
    expect(await balanceOf(userId)).toBe(1_000);
    expect(await count("ledger", "user_id = ? AND type = 'debit'", userId)).toBe(3);
    await expectMoneyInvariants();
  });

  it("answers the same key twice in a group once: the repeat is refused, the rest written", async () => {
    const userId = await player(10_000);
    const { writer, batches } = countedWriter();
    const first = debit(userId, 1_000);
    const repeat = debit(userId, 1_000, `group-commit-test:${keys}:repeat`);
    const outcomes = await Promise.allSettled(
      [first, repeat, repeat, debit(userId, 2_000)].map((statements) => writer.write(statements)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(batches).toEqual([4, 12, 4, 4, 4]);
    expect(await balanceOf(userId)).toBe(6_000);
    await expectMoneyInvariants();
  });

  it(`puts at most ${MAX_GROUP} writes in a batch`, async () => {
    const userId = await player(100_000);
    const { writer, batches } = countedWriter();
    const results = await Promise.all(Array.from({ length: MAX_GROUP + 3 }, () => writer.write(debit(userId, 100))));
    expect(batches).toEqual([4, MAX_GROUP * 4, 2 * 4]);
    expect(balanceAfter(results.at(-1)!)).toBe(100_000 - (MAX_GROUP + 3) * 100);
    expect(await balanceOf(userId)).toBe(100_000 - (MAX_GROUP + 3) * 100);
    await expectMoneyInvariants();
  });
});
