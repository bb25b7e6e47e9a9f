import { expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, betAt, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import {
  cancelAt,
  describeAtBothEnds,
  expectDaysClose,
  expectTodayTrue,
  live,
  playerWhere,
  tomorrowClosedAt,
} from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { booksDays } from "../../worker/db/schema";

// Players with no money (nothing at all; a lock-up and a balance of zero), and a stake placed the day
// before and cancelled after midnight with no day closed yet in either shard when the player moves.

describeAtBothEnds("quiet players and a cancelled stake", ({ shards: s }) => {
  it("a player with nothing, and one whose money is all locked up, move: both shards' days close", async () => {
    const empty = await playerWhere((shard) => shard === s[0]);
    const locked = await playerWhere((shard) => shard === s[0]);
    await moveAt(locked.id, 200_00, at(1, 9));
    await lockAt(locked.id, 200_00, at(1, 10), 30);
    expect(await movePlayer(d1Link(), empty.username, s[1], Date.now())).toMatchObject({ status: "moved" });
    expect(await movePlayer(d1Link(), locked.username, s[1], Date.now())).toMatchObject({ status: "moved" });
    expect((await live(s[1])).financeCents).toBe(200_00);
    await expectEveryShardBalanced({ today: false });
    await expectDaysClose([s[0], s[1]], tomorrowClosedAt());
    for (const shard of [s[0], s[1]]) await expectTodayTrue(shard, Date.now());
  });

  it("a stake of yesterday cancelled after midnight, no day closed anywhere, then moved", async () => {
    const a = await playerWhere((shard) => shard === s[1]);
    await moveAt(a.id, 300_00, at(2, 10));
    const round = await betAt(a.id, 40_00, at(1, 23, 55));
    await cancelAt(s[1], round, at(0, 0, 3));
    const again = await betAt(a.id, 10_00, at(0, 0, 40));
    await cancelAt(s[1], again, at(0, 0, 41));
    expect(
      await shardD1(s[2])
        .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(booksDays)}`)
        .first<{ n: number }>(),
    ).toEqual({
      n: 0,
    });
    expect(await movePlayer(d1Link(), a.username, s[2], Date.now())).toMatchObject({ status: "moved" });
    await expectDaysClose([s[1], s[2]], tomorrowClosedAt());
    const yesterday = await shardD1(s[1])
      .prepare(`SELECT in_play_close_cents AS c FROM ${quotedTable(booksDays)} ORDER BY day DESC LIMIT 1 OFFSET 1`)
      .first<{ c: number }>();
    expect(yesterday!.c).toBe(40_00);
  });
});
