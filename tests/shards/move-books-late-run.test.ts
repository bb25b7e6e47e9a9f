import { expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, moveAt } from "../books-past-rows";
import { credit, d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import { describeAtBothEnds, live, playerWhere } from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { playerMoves, users } from "../../worker/db/schema";

// Two runs of a move to the same shard, the second one's copy late (docs/decisions/162): the first finishes and the
// player, unfrozen in the new shard, is credited there before the second writes its copy. The second is refused;
// nothing it read before is put back.

describeAtBothEnds("a run to the same shard whose copy comes after the move finished", ({ shards: s }) => {
  it("is refused and changes nothing", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 500_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, s[1], Date.now())).rejects.toThrow(
      /stopped/,
    );
    let fired = false;
    const late = d1Link(undefined, async (db) => {
      if (db !== s[1] || fired) return;
      fired = true;
      // the other run finishes meanwhile, and the player, unfrozen in the target, is credited there
      expect(await movePlayer(d1Link(), a.username, s[1], Date.now())).toMatchObject({ status: "moved" });
      await credit(s[1], a.id, 9_00);
    });
    await expect(movePlayer(late, a.username, s[1], Date.now())).rejects.toThrow(/another run moved them/);
    const user = await shardD1(s[1])
      .prepare(`SELECT money_cents AS m, frozen FROM ${quotedTable(users)} WHERE id = ?`)
      .bind(a.id)
      .first();
    expect(user).toMatchObject({ m: 509_00, frozen: 0 });
    expect(
      await shardD1(s[1])
        .prepare(`SELECT 1 FROM ${quotedTable(playerMoves)} WHERE user_id = ?`)
        .bind(a.id)
        .first(),
    ).toBeNull();
    const { playersCents, houseCents } = await live(s[1]);
    expect(playersCents + houseCents).toBe(0);
    await expectEveryShardBalanced();
  });
});
