import { expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, betAt, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced } from "./move-helpers";
import {
  cancelAt,
  describeAtBothEnds,
  expectDaysClose,
  expectTodayTrue,
  playerWhere,
  tomorrowClosedAt,
  yesterdayClosedAt,
} from "./move-books-helpers";

// A player moved in then out again on one day (parts 0 -> 1 -> 2), with a stake cancelled across midnight,
// the days before closed in every shard; then a player moved 0 -> 1 -> 0 (back where they were).

describeAtBothEnds("a move in then out again", ({ shards: s }) => {
  it("0 -> 1 -> 2 the same day: today true in each shard, every day closes", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 800_00, at(3, 10));
    await lockAt(a.id, 300_00, at(2, 11));
    const round = await betAt(a.id, 50_00, at(1, 23, 50));
    await cancelAt(s[0], round, at(0, 0, 5));
    await moveAt(a.id, 30_00, at(0, 0, 20));
    const b = await playerWhere((shard) => shard === s[1]);
    await moveAt(b.id, 10_00, at(2, 9));
    const three = [s[0], s[1], s[2]];
    await expectDaysClose(three, yesterdayClosedAt());

    expect(await movePlayer(d1Link(), a.username, s[1], Date.now())).toMatchObject({ status: "moved" });
    for (const shard of [s[0], s[1]]) await expectTodayTrue(shard);
    expect(await movePlayer(d1Link(), a.username, s[2], Date.now())).toMatchObject({ status: "moved" });
    for (const shard of three) await expectTodayTrue(shard);
    await expectEveryShardBalanced();
    await expectDaysClose(three, tomorrowClosedAt());
  });

  it("0 -> 1 -> 0 the same day (no rows written in shard 1): today true, every day closes", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 400_00, at(0, 1));
    await lockAt(a.id, 100_00, at(0, 2));
    expect(await movePlayer(d1Link(), a.username, s[1], Date.now())).toMatchObject({ status: "moved" });
    const back = await movePlayer(d1Link(), a.username, s[0], Date.now()).catch((e: Error) => e.message);
    expect(back).toMatchObject({ status: "moved" });
    for (const shard of [s[0], s[1]]) await expectTodayTrue(shard);
    await expectEveryShardBalanced();
    await expectDaysClose([s[0], s[1], s[2]], tomorrowClosedAt());
  });
});
