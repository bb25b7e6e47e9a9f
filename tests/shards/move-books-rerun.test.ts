import { expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, moveAt } from "../books-past-rows";
import { credit, d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import {
  describeAtBothEnds,
  expectDaysClose,
  expectTodayTrue,
  live,
  playerWhere,
  tomorrowClosedAt,
} from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { users } from "../../worker/db/schema";

// A move stopped after its copy (before the directory switch) and run again after the source changed (an operator's
// credit of the frozen player): the stale copy is undone and the move made again, whole and booked once
// (docs/decisions/162).

describeAtBothEnds("a move run again", ({ shards: s }) => {
  it("copies again, whole and booked once, when the source changed after a stopped run's copy", async () => {
    const [source, target] = [s[0], s[1]];
    const a = await playerWhere((shard) => shard === source);
    await moveAt(a.id, 500_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, target, Date.now())).rejects.toThrow(
      /stopped/,
    );
    // an operator's credit of the frozen player lands in the source between the two runs
    await credit(source, a.id, 7_00);
    expect(await movePlayer(d1Link(), a.username, target, Date.now())).toMatchObject({ status: "moved", to: target });
    const money = await shardD1(target)
      .prepare(`SELECT money_cents AS m FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(a.id)
      .first<{ m: number }>();
    expect(money!.m).toBe(507_00);
    // each shard's players and house sum to zero (the live books)
    for (const shard of [source, target]) {
      const { playersCents, houseCents } = await live(shard);
      expect(playersCents + houseCents, `shard ${shard}: players ${playersCents}, house ${houseCents}`).toBe(0);
    }
    await expectEveryShardBalanced();
    for (const shard of [source, target]) await expectTodayTrue(shard);
    await expectDaysClose([source, target], tomorrowClosedAt());
  });
});
