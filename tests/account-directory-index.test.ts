import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { controlHandle } from "../worker/db/client";
import { reserveAccountStatement } from "../worker/accounts/directory";

// Every registration counts the players of each wallet shard in the directory to pick the least-filled one
// (worker/players/directory.ts, docs/decisions/169): with the index on account_directory.shard that count reads
// the index alone, never the directory's rows, however many accounts it holds.

async function planOf(query: { sql: string; params: unknown[] }) {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail);
}

describe("the directory's count of players per shard", () => {
  it("reads the shard index alone when a registration picks the least-filled shard", async () => {
    // the statement a registration sends, as sent (not run)
    const statement = reserveAccountStatement(controlHandle(env.DB), {
      username: "plan-reader",
      shardCount: 4,
      nowMs: Date.now(),
    }).getQuery();
    const plan = await planOf(statement);
    const reads = plan.filter((detail) => /\baccount_directory\b/.test(detail));
    expect(reads, plan.join(" | ")).toEqual([expect.stringMatching(/USING COVERING INDEX account_directory_shard\b/)]);
  });
});
