import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accrueEveryShard } from "../../worker/finance/accrue";
import { movePlayer } from "../../worker/players/move";
import { expectMoneyInvariants } from "../helpers";
import { busyPlayer, d1Link, shardD1 } from "./move-helpers";
import { ledger } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

const DAY = 86_400_000;

// The minute's accrual runs while a move is between its copy and its delete (docs/decisions/161): the player's
// rows are in two databases then, so neither pays them; the shard the directory names pays once the move ends.
describe("accrual during a move", () => {
  it("pays a lock-up's interest once, in the shard the player moved to", async () => {
    const p = await busyPlayer();
    let ran = false;
    let sourceBatches = 0;
    const during = async (db: "control" | number) => {
      // after the directory switched, before the source's delete batch: the cron's accrual runs
      if (db === p.shard && ++sourceBatches === 2 && !ran) {
        ran = true;
        await accrueEveryShard(databasesOf(env), Date.now() + 3 * DAY);
      }
    };
    await movePlayer(d1Link(undefined, during), p.username, 3, Date.now());
    expect(ran).toBe(true);
    const interest = async (shard: number) =>
      (await shardD1(shard)
        .prepare(
          `SELECT COUNT(*) AS n, COALESCE(SUM(amount_cents), 0) AS cents FROM ${quotedTable(ledger)} WHERE user_id = ? AND type = 'interest'`,
        )
        .bind(p.id)
        .first<{ n: number; cents: number }>())!;
    // nothing was paid while the move ran, and the source has nothing of the player left
    expect(await interest(3)).toEqual({ n: 0, cents: 0 });
    expect((await interest(p.shard)).n).toBe(0);
    // the next run pays the days owed, once, in the new shard
    await accrueEveryShard(databasesOf(env), Date.now() + 3 * DAY);
    const paid = await interest(3);
    expect(paid.n).toBeGreaterThan(0);
    await accrueEveryShard(databasesOf(env), Date.now() + 3 * DAY);
    expect(await interest(3)).toEqual(paid);
    expect((await interest(p.shard)).n).toBe(0);
    await expectMoneyInvariants();
  });
});
