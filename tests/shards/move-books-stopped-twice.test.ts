import { describe, expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, moveAt } from "../books-past-rows";
import { credit, d1Link, expectEveryShardBalanced } from "./move-helpers";
import { expectTodayTrue, live, playerWhere } from "./move-books-helpers";

// A move stopped twice (docs/decisions/162): after its copy, then, once a credit made that copy stale, between the
// undo of the copy in the target and the new start in the source. The third run starts the move again, so the copy
// it makes takes fresh keys: whole, and booked once in the target.

describe("a move stopped twice", () => {
  it("copies again under a new start after a stale copy was undone by a run that then stopped", async () => {
    const a = await playerWhere((s) => s === 0);
    await moveAt(a.id, 500_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, 1, Date.now())).rejects.toThrow(/stopped/);
    await credit(0, a.id, 7_00);
    await expect(movePlayer(d1Link({ db: 0, batch: 1 }), a.username, 1, Date.now())).rejects.toThrow(/stopped/);
    expect(await movePlayer(d1Link(), a.username, 1, Date.now())).toMatchObject({ status: "moved", to: 1 });
    const { playersCents, houseCents } = await live(1);
    expect(playersCents + houseCents, "shard 1: players and house").toBe(0);
    expect(playersCents).toBeGreaterThanOrEqual(507_00);
    await expectTodayTrue(1);
    await expectEveryShardBalanced();
  });
});
