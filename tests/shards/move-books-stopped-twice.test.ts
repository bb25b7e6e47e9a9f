import { expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, moveAt } from "../books-past-rows";
import { credit, d1Link, expectEveryShardBalanced } from "./move-helpers";
import { describeAtBothEnds, expectTodayTrue, live, playerWhere } from "./move-books-helpers";

// A move stopped twice (docs/decisions/162): after its copy, then, once a credit made that copy stale, between the
// undo of the copy in the target and the new start in the source. The third run starts the move again, so the copy
// it makes takes fresh keys: whole, and booked once in the target.

describeAtBothEnds("a move stopped twice", ({ shards: s }) => {
  it("copies again under a new start after a stale copy was undone by a run that then stopped", async () => {
    const [source, target] = [s[0], s[1]];
    const a = await playerWhere((shard) => shard === source);
    await moveAt(a.id, 500_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, target, Date.now())).rejects.toThrow(
      /stopped/,
    );
    await credit(source, a.id, 7_00);
    await expect(movePlayer(d1Link({ db: source, batch: 1 }), a.username, target, Date.now())).rejects.toThrow(
      /stopped/,
    );
    expect(await movePlayer(d1Link(), a.username, target, Date.now())).toMatchObject({ status: "moved", to: target });
    const { playersCents, houseCents } = await live(target);
    expect(playersCents + houseCents, "the target's players and house").toBe(0);
    expect(playersCents).toBeGreaterThanOrEqual(507_00);
    await expectTodayTrue(target);
    await expectEveryShardBalanced();
  });

  it("lets one of two runs at once start it again, and the player arrives once", async () => {
    const [source, target] = [s[0], s[2]];
    const a = await playerWhere((shard) => shard === source);
    await moveAt(a.id, 300_00, at(0, 1));
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), a.username, target, Date.now())).rejects.toThrow(
      /stopped/,
    );
    await credit(source, a.id, 5_00);
    await expect(movePlayer(d1Link({ db: source, batch: 1 }), a.username, target, Date.now())).rejects.toThrow(
      /stopped/,
    );
    // Both runs judge the undone copy; the first starts the move again and waits at its copy; the second's start
    // lands after the first's, then both go on.
    let firstAtCopy!: () => void;
    const firstReachedCopy = new Promise<void>((resolve) => (firstAtCopy = resolve));
    let secondStarted!: () => void;
    const secondDone = new Promise<void>((resolve) => (secondStarted = resolve));
    let firstSeen = false;
    const first = movePlayer(
      d1Link(undefined, async (db) => {
        if (db !== target || firstSeen) return;
        firstSeen = true;
        firstAtCopy();
        await secondDone;
      }),
      a.username,
      target,
      Date.now(),
    );
    let secondSources = 0;
    const second = movePlayer(
      d1Link(undefined, async (db) => {
        if (db === source && ++secondSources === 1) await firstReachedCopy;
        if (db === target) secondStarted();
      }),
      a.username,
      target,
      Date.now() + 1,
    ).finally(() => secondStarted());
    const runs = await Promise.allSettled([first, second]);
    expect(runs.some((r) => r.status === "fulfilled" && r.value.status === "moved")).toBe(true);
    // whatever the other answered, a last run finds the player where they are
    expect(await movePlayer(d1Link(), a.username, target, Date.now())).toMatchObject({ to: target });
    const { playersCents, houseCents } = await live(target);
    expect(playersCents + houseCents, "the target's players and house").toBe(0);
    await expectTodayTrue(target);
    await expectEveryShardBalanced();
  });
});
