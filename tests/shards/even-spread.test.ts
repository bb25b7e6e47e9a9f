import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { api, expectOk, newPlayerFields, registerPlayer } from "../helpers";
import { shardCount } from "../../worker/db/shards";
import { failShard } from "./failing-shard";
import { accountDirectory } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// New players go to the least-filled wallet shard by the directory's counts (docs/decisions/169): the choice
// is made inside the statement that takes the name in the directory, so registrations one after another or
// at once each see the ones before, and the shards' counts never drift more than one apart.

/** Players per wallet shard as the directory counts them (operators and the house have no shard). */
async function playersPerShard(): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT shard, COUNT(*) AS n FROM ${quotedTable(accountDirectory)} WHERE shard IS NOT NULL GROUP BY shard`,
  ).all<{ shard: number; n: number }>();
  const counts = Array.from({ length: shardCount(env) }, () => 0);
  for (const row of results) counts[row.shard] = row.n;
  return counts;
}

const spread = (counts: number[]) => Math.max(...counts) - Math.min(...counts);

describe("a new player's wallet shard", () => {
  it("is the least-filled one: 40 registrations leave the four shards at most one apart", async () => {
    expect(shardCount(env)).toBe(4);
    const before = await playersPerShard();
    // the seed's demo player is in shard 0: the other shards are filled first
    expect(before).toEqual([1, 0, 0, 0]);
    for (let i = 0; i < 40; i++) {
      await registerPlayer();
      expect(spread(await playersPerShard())).toBeLessThanOrEqual(1);
    }
    expect((await playersPerShard()).reduce((a, b) => a + b)).toBe(41);
  });

  it("stays within one when registrations run at once", async () => {
    const fields = await Promise.all(Array.from({ length: 16 }, () => newPlayerFields()));
    const answers = await Promise.all(fields.map((f) => api("/api/index/register", f)));
    for (const answer of answers) expectOk(answer);
    expect(spread(await playersPerShard())).toBeLessThanOrEqual(1);
  });

  it("passes over a shard that cannot be written: the next least-filled one takes the player", async () => {
    const counts = await playersPerShard();
    const least = counts.indexOf(Math.min(...counts));
    const recover = failShard(least);
    let placed: number;
    try {
      const player = await registerPlayer();
      placed = (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE username = ?`)
        .bind(player.username)
        .first<{ shard: number }>())!.shard;
      // the player is whole where the directory says, and signed in there
      expectOk(await api("/api/Game/getuserinfo", { token: player.token }));
    } finally {
      recover();
    }
    expect(placed).not.toBe(least);
    const after = await playersPerShard();
    expect(after[least]).toBe(counts[least]);
    expect(after.reduce((a, b) => a + b)).toBe(counts.reduce((a, b) => a + b) + 1);
    // once the shard is back, it is the least-filled one again and takes the next player
    const next = await registerPlayer();
    const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE username = ?`)
      .bind(next.username)
      .first<{ shard: number }>();
    expect(row!.shard).toBe(least);
  });

  it("gives the name and phone back when no shard can be written: the same player registers once one is back", async () => {
    const fields = await newPlayerFields();
    const inDirectory = async () =>
      (await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM ${quotedTable(accountDirectory)} WHERE username = ? OR phone = ?`,
      )
        .bind(fields.username, fields.phone)
        .first<{ n: number }>())!.n;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const recover = Array.from({ length: shardCount(env) }, (_, shard) => failShard(shard));
    try {
      const refused = await exports.default.fetch("https://app.test/api/index/register", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "10.0.2.1" },
        body: JSON.stringify(fields),
      });
      expect(refused.status).toBe(503);
      await refused.body?.cancel();
    } finally {
      // each failShard patches the one D1 prototype over the last: undone last first, or it stays patched
      for (const back of recover.reverse()) back();
      logged.mockRestore();
    }
    expect(await inDirectory()).toBe(0);
    await newPlayerFields({ username: fields.username, phone: fields.phone });
    expectOk(await api("/api/index/register", fields));
    expect(await inDirectory()).toBe(1);
  });
});
