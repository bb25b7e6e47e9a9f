import { describe, expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, moveAt } from "../books-past-rows";
import { credit, d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import { expectDaysClose, expectTodayTrue, live, playerWhere, tomorrowClosedAt } from "./move-books-helpers";
import { users } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// A move stopped after its copy (before the directory switch) and run again after the source changed (an operator's
// credit of the frozen player): the stale copy is undone and the move made again, whole and booked once
// (docs/decisions/162), over four shards that are four databases.

describe("a move run again", () => {
  it("copies again, whole and booked once, when the source changed after a stopped run's copy", async () => {
    const a = await playerWhere((s) => s === 0);
    await moveAt(a.id, 500_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, 1, Date.now())).rejects.toThrow(/stopped/);
    // an operator's credit of the frozen player lands in the source between the two runs
    await credit(0, a.id, 7_00);
    expect(await movePlayer(d1Link(), a.username, 1, Date.now())).toMatchObject({ status: "moved", to: 1 });
    const money = await shardD1(1)
      .prepare(`SELECT money_cents AS m FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(a.id)
      .first<{ m: number }>();
    expect(money!.m).toBe(507_00);
    // each shard's players and house sum to zero (the live books)
    for (const s of [0, 1]) {
      const { playersCents, houseCents } = await live(s);
      expect(playersCents + houseCents, `shard ${s}: players ${playersCents}, house ${houseCents}`).toBe(0);
    }
    await expectEveryShardBalanced();
    for (const s of [0, 1]) await expectTodayTrue(s);
    await expectDaysClose([0, 1], tomorrowClosedAt());
  });
});
