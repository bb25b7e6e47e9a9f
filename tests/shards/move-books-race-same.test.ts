import { describe, expect, it } from "vitest";
import { raceMoves } from "./move-books-helpers";

// Two runs of the move command at once (two operators, or a run started again while the first still goes): whatever
// each answers, the player ends whole in one shard and every shard's books hold (raceMoves, move-books-helpers.ts).

describe("two moves of one player at once", () => {
  it("to the same shard: the player moves once", async () => {
    const outcomes = await raceMoves([1, 1]);
    expect(outcomes.some((o) => o.status === "fulfilled" && o.value.status === "moved")).toBe(true);
  });
});
