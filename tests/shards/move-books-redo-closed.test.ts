import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { storedDaysOfShards } from "../../worker/insight/books-days-shards";
import { movePlayer } from "../../worker/players/move";
import { DAY_MS, formatDate } from "#shared/days";
import { at, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced } from "./move-helpers";
import {
  describeAtBothEnds,
  expectDaysClose,
  playerWhere,
  today,
  tomorrowClosedAt,
  yesterdayClosedAt,
} from "./move-books-helpers";

// A move copied just before midnight, stopped, and finished five minutes after it, when the target (not the source)
// has closed the copy's day (docs/decisions/162): the source can still book its departure at the copy's instant, so
// the copy stands and the day before, summed over the shards, counts the player once.

describeAtBothEnds("a move finished after the target closed the copy's day", ({ shards: s }) => {
  it("keeps the copy and books the departure at its instant", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 500_00, at(1, 10));
    const startedAt = today - 1_000;
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, s[1], startedAt)).rejects.toThrow(
      /stopped/,
    );
    // every shard but the source closes the day before
    await expectDaysClose(
      [0, 1, 2, 3].filter((shard) => shard !== s[0]),
      yesterdayClosedAt(),
    );
    // the run's instant: five minutes after midnight, before the source's day before can close
    expect(await movePlayer(d1Link(), a.username, s[1], today + 5 * 60_000)).toMatchObject({ status: "moved" });
    await expectDaysClose([0, 1, 2, 3], tomorrowClosedAt());
    const yesterday = formatDate(today - DAY_MS);
    const [summed] = await storedDaysOfShards(databasesOf(env).wallets, yesterday, yesterday);
    expect(summed.closing.playersCents).toBe(500_00);
    await expectEveryShardBalanced();
  });
});
