import { expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import {
  describeAtBothEnds,
  expectDaysClose,
  expectTodayTrue,
  playerWhere,
  tomorrowClosedAt,
  yesterdayClosedAt,
} from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { adjustmentRequests } from "../../worker/db/schema";

// A move stopped after its copy, the next run refused (the copy undone in the target), then moved
// again the same day: both shards' books per day hold.

describeAtBothEnds("a move undone then done", ({ shards: s }) => {
  it("a copy undone after a refusal, then moved again the same day: every day closes in both shards", async () => {
    const [source, target] = [s[0], s[2]];
    const a = await playerWhere((shard) => shard === source);
    await moveAt(a.id, 300_00, at(1, 10));
    await lockAt(a.id, 100_00, at(1, 11));
    await expectDaysClose([0, 1, 2, 3], yesterdayClosedAt());
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, target, Date.now())).rejects.toThrow(
      /stopped/,
    );
    await shardD1(source)
      .prepare(
        `INSERT INTO ${quotedTable(adjustmentRequests)} (user_id, amount_cents, reason, requested_by, created_at_ms) VALUES (?, 500, 'late', 2, ?)`,
      )
      .bind(a.id, Date.now())
      .run();
    await expect(movePlayer(d1Link(), a.username, target, Date.now())).rejects.toThrow(/awaiting an operator/);
    for (const shard of [source, target]) await expectTodayTrue(shard);
    await shardD1(source)
      .prepare(`UPDATE ${quotedTable(adjustmentRequests)} SET status = 'rejected' WHERE user_id = ?`)
      .bind(a.id)
      .run();
    expect(await movePlayer(d1Link(), a.username, target, Date.now())).toMatchObject({ status: "moved" });
    for (const shard of [source, target]) await expectTodayTrue(shard);
    await expectEveryShardBalanced();
    await expectDaysClose([source, target], tomorrowClosedAt());
  });
});
