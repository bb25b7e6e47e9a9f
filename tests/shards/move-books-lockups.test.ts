import { expect, it } from "vitest";
import { walletHandle } from "../../worker/db/client";
import { accrueFinance } from "../../worker/finance/accrue";
import { movePlayer } from "../../worker/players/move";
import { DAY_MS } from "#shared/days";
import { at, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import {
  describeAtBothEnds,
  expectDaysClose,
  expectTodayTrue,
  live,
  playerWhere,
  tomorrowClosedAt,
} from "./move-books-helpers";

// Lock-ups and the move's day. One matured this morning in the source (principal and interest paid
// there before the move), one matures in the target just after the move (paid there the same day), one runs on.
// The story happens at noon of today (UTC+8), whatever the hour the suite runs: the move, the target's cron and
// the day's statements take that moment, so this morning's maturity is behind it and the next one hours before
// midnight (run on the wall clock at 00:15, the story did not hold). It still runs at both ends of the day, as the
// other tests of a move's books do, for the shards each run gives its parts.

describeAtBothEnds("lock-ups maturing on the move's day", ({ shards: s }) => {
  it("a lock-up matured before the move, one maturing after it in the target, one running on", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    const now = at(0, 12);
    await moveAt(a.id, 1_000_00, at(3, 10));
    await lockAt(a.id, 200_00, at(0, 8) - 2 * DAY_MS, 2); // matures today 08:00
    await lockAt(a.id, 150_00, now + 3 * 60_000 - DAY_MS, 1); // matures 3 minutes after the move
    await lockAt(a.id, 100_00, at(2, 11), 90); // runs on
    const [source, target] = [s[0], s[1]];
    await expectDaysClose([source, target], now);
    // the source's cron this morning: interest and the first principal
    await accrueFinance(walletHandle(shardD1(source)), at(0, 8, 5));
    await expectTodayTrue(source, now);
    expect(await movePlayer(d1Link(), a.username, target, now)).toMatchObject({ status: "moved" });
    for (const shard of [source, target]) await expectTodayTrue(shard, now);
    expect((await live(target)).financeCents).toBe(250_00);
    // the target's cron a few minutes later: the second lock-up matures there, today
    const paid = await accrueFinance(walletHandle(shardD1(target)), now + 4 * 60_000);
    expect(paid.principalRows).toBe(1);
    for (const shard of [source, target]) await expectTodayTrue(shard, now + 5 * 60_000);
    await expectEveryShardBalanced({ today: false });
    await expectDaysClose([source, target], tomorrowClosedAt());
  });
});
