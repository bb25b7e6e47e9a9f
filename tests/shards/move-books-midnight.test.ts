import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { storedDaysOfShards } from "../../worker/insight/books-days-shards";
import { movePlayer } from "../../worker/players/move";
import { DAY_MS, formatDate } from "#shared/days";
import { at, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced } from "./move-helpers";
import { describeAtBothEnds, expectDaysClose, playerWhere, today, tomorrowClosedAt } from "./move-books-helpers";

// A move across midnight: the command takes its instant once, at its start (npm run player -- move passes
// Date.now()), and the source's departure, written seconds later, is booked at that same instant, so the day before,
// summed over the shards (the console's figure), counts the player's balance once (docs/decisions/162).

describeAtBothEnds("a move across midnight", ({ shards: s }) => {
  it("the day before, summed over the shards, counts the moved balance once", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 500_00, at(1, 10));
    const startedAt = today - 1_000; // 23:59:59 the day before; the deletion runs at Date.now(), today
    expect(await movePlayer(d1Link(), a.username, s[1], startedAt)).toMatchObject({ status: "moved" });
    await expectDaysClose([0, 1, 2, 3], tomorrowClosedAt());
    const yesterday = formatDate(today - DAY_MS);
    const [summed] = await storedDaysOfShards(databasesOf(env).wallets, yesterday, yesterday);
    // at 23:59:59 the player had 500.00 (and the seed's players nothing the day before)
    expect(summed.closing.playersCents).toBe(500_00);
    await expectEveryShardBalanced();
  });
});
