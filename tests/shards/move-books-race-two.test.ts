import { describe, expect, it } from "vitest";
import { movePlayer } from "../../worker/players/move";
import { at, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced, rowsOf, shardD1, shardOf } from "./move-helpers";
import { expectDaysClose, expectTodayTrue, playerWhere, tomorrowClosedAt } from "./move-books-helpers";

// Two runs of the move command at once (two operators, or a run started again while the first still goes): whatever
// each answers, the player ends whole in one shard, unfrozen, nothing of theirs left anywhere else, and every shard's
// books (live and per day) hold.
async function race(targets: [number, number]) {
  const a = await playerWhere((s) => s === 0);
  await moveAt(a.id, 400_00, at(0, 1));
  await lockAt(a.id, 100_00, at(0, 2));
  const outcomes = await Promise.allSettled(targets.map((to) => movePlayer(d1Link(), a.username, to, Date.now())));
  const home = await shardOf(a.id);
  expect(targets).toContain(home);
  for (const s of [0, 1, 2, 3]) {
    const rows = Object.keys(await rowsOf(s, a.id)).filter((t) => t !== "audit_log");
    if (s === home) expect(rows, `shard ${s} (home)`).toContain("ledger");
    else expect(rows, `shard ${s}`).toEqual([]);
    const marker = await shardD1(s).prepare("SELECT 1 FROM player_moves WHERE user_id = ?").bind(a.id).first();
    expect(marker, `shard ${s}: no move left under way`).toBeNull();
  }
  const user = await shardD1(home)
    .prepare("SELECT frozen FROM users WHERE id = ?")
    .bind(a.id)
    .first<{ frozen: number }>();
  expect(user!.frozen).toBe(0);
  await expectEveryShardBalanced();
  for (const s of [0, 1, 2, 3]) await expectTodayTrue(s);
  await expectDaysClose([0, 1, 2, 3], tomorrowClosedAt());
  return outcomes;
}

describe("two moves of one player at once", () => {
  it("to two different shards: one moves, the other is refused as a move under way", async () => {
    const outcomes = await race([1, 2]);
    const moved = outcomes.filter((o) => o.status === "fulfilled" && o.value.status === "moved");
    const refused = outcomes.filter(
      (o) => o.status === "rejected" && /Another run is moving|unfinished/.test(String(o.reason)),
    );
    expect([moved.length, refused.length]).toEqual([1, 1]);
  });
});
