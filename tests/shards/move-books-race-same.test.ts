import { expect, it } from "vitest";
import { describeAtBothEnds, raceMoves } from "./move-books-helpers";

// Two runs of the move command at once (two operators, or a run started again while the first still goes): whatever
// each answers, the player ends whole in one shard and every shard's books hold (raceMoves, move-books-helpers.ts).

describeAtBothEnds("two moves of one player at once", ({ shards: s }) => {
  it("to the same shard: the player moves once", async () => {
    const outcomes = await raceMoves(s[0], [s[1], s[1]]);
    expect(outcomes.some((o) => o.status === "fulfilled" && o.value.status === "moved")).toBe(true);
  });
});
