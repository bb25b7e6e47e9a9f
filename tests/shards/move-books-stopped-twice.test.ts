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

  it("lets one of two runs at once start it again, and the player arrives once", async () => {
    const a = await playerWhere((s) => s === 0);
    await moveAt(a.id, 300_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, 2, Date.now())).rejects.toThrow(/stopped/);
    await credit(0, a.id, 5_00);
    await expect(movePlayer(d1Link({ db: 0, batch: 1 }), a.username, 2, Date.now())).rejects.toThrow(/stopped/);
    // Both runs judge the undone copy; the first starts the move again and waits at its copy; the second's start
    // lands after the first's, then both go on.
    let firstAtCopy!: () => void;
    const firstReachedCopy = new Promise<void>((resolve) => (firstAtCopy = resolve));
    let secondStarted!: () => void;
    const secondDone = new Promise<void>((resolve) => (secondStarted = resolve));
    let firstSeen = false;
    const first = movePlayer(
      d1Link(undefined, async (db) => {
        if (db !== 2 || firstSeen) return;
        firstSeen = true;
        firstAtCopy();
        await secondDone;
      }),
      a.username,
      2,
      Date.now(),
    );
    let secondSources = 0;
    const second = movePlayer(
      d1Link(undefined, async (db) => {
        if (db === 0 && ++secondSources === 1) await firstReachedCopy;
        if (db === 2) secondStarted();
      }),
      a.username,
      2,
      Date.now() + 1,
    ).finally(() => secondStarted());
    const runs = await Promise.allSettled([first, second]);
    expect(runs.some((r) => r.status === "fulfilled" && r.value.status === "moved")).toBe(true);
    // whatever the other answered, a last run finds the player where they are
    expect(await movePlayer(d1Link(), a.username, 2, Date.now())).toMatchObject({ to: 2 });
    const { playersCents, houseCents } = await live(2);
    expect(playersCents + houseCents, "shard 2: players and house").toBe(0);
    await expectTodayTrue(2);
    await expectEveryShardBalanced();
  });
});
