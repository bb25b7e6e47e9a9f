import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, newPlayerFields } from "../helpers";
import { normalisePhones, phoneReport } from "../../worker/players/normalise-phones";
import { d1Link, playersInShards, type ShardedPlayer, shardD1 } from "./move-helpers";
import { accountDirectory, users } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// `npm run player -- phones` (docs/decisions/168, docs/deploying.md#phone-numbers-in-e164) over the directory and
// four wallet shards: the same code the script drives through wrangler, here through the Worker's D1 bindings.

/** Gives a player the phone an older version stored as typed, in the directory and in their shard alike. */
async function storedAs(p: ShardedPlayer, quhao: string, phone: string) {
  await env.DB.prepare(`UPDATE ${quotedTable(accountDirectory)} SET quhao = ?, phone = ? WHERE id = ?`)
    .bind(quhao, phone, p.id)
    .run();
  await shardD1(p.shard)
    .prepare(`UPDATE ${quotedTable(users)} SET quhao = ?, phone = ? WHERE id = ?`)
    .bind(quhao, phone, p.id)
    .run();
}

const phoneOf = async (p: ShardedPlayer) => ({
  directory: await env.DB.prepare(`SELECT quhao, phone FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(p.id)
    .first(),
  shard: await shardD1(p.shard)
    .prepare(`SELECT quhao, phone FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(p.id)
    .first(),
});

describe("normalising the stored phones", () => {
  it("rewrites old spellings in E.164 in the directory and the player's shard, and reports collisions untouched", async () => {
    const [a, b, c, d] = await playersInShards(4);
    await storedAs(a, "+84", "0912345678");
    await storedAs(b, "+84", "+84 912 345 678"); // the same number as a's: a collision
    await storedAs(c, "+84", "0987.654.321");
    await storedAs(d, "+84", "12345"); // no phone number
    const before = await Promise.all([a, b, d].map(phoneOf));

    const dry = await normalisePhones(d1Link(), { dryRun: true });
    expect(dry.changes.map((x) => x.row.id)).toEqual([c.id]);
    expect(await phoneOf(c)).toEqual({
      directory: { quhao: "+84", phone: "0987.654.321" },
      shard: { quhao: "+84", phone: "0987.654.321" },
    });

    const plan = await normalisePhones(d1Link());
    expect(plan.changes.map((x) => [x.row.username, x.phone])).toEqual([[c.username, "+84987654321"]]);
    expect(plan.collisions).toEqual([
      { e164: "+84912345678", rows: [expect.objectContaining({ id: a.id }), expect.objectContaining({ id: b.id })] },
    ]);
    expect(plan.invalid.map((r) => r.id)).toEqual([d.id]);
    // the seeded demo player and every player registered since are in E.164 already
    expect(plan.kept).toBeGreaterThanOrEqual(1);
    expect(await phoneOf(c)).toEqual({
      directory: { quhao: "+84", phone: "+84987654321" },
      shard: { quhao: "+84", phone: "+84987654321" },
    });
    // the colliding and the invalid accounts are exactly as they were: nothing merged or deleted
    expect(await Promise.all([a, b, d].map(phoneOf))).toEqual(before);

    const report = phoneReport(plan);
    expect(report).toMatch(
      /^Rewrote 1 phone number\(s\) in E\.164; \d+ stored so already; 1 not a phone number; 1 collision\(s\) over 2 account\(s\)\./,
    );
    expect(report).toContain(`+84912345678: ${a.username} (id ${a.id}, shard ${a.shard}, stored as "+84 0912345678")`);
    expect(report).toContain(`${b.username} (id ${b.id}, shard ${b.shard}, stored as "+84 +84 912 345 678")`);
    expect(report).toContain(`Not a phone number (left as stored):\n  ${d.username} (id ${d.id}`);
    expect(report).toMatch(/None was changed, merged or deleted/);

    // a second run has nothing more to do
    expect((await normalisePhones(d1Link())).changes).toEqual([]);
    // and the rewritten number is taken, whatever its spelling
    const again = await newPlayerFields({ phone: "0987 654 321" });
    expectError(await api("/api/index/register", again), 2052);
    // the player signs in as before
    expectOk(await api("/api/Index/login", { username: c.username, password: c.password }));
  });

  it("finishes a run that stopped before the directory was written", async () => {
    const [p, q] = await playersInShards(2);
    await storedAs(p, "+84", "0933 111 222");
    await storedAs(q, "", "0944-333-444"); // stored without its dial code: Vietnam's
    await expect(normalisePhones(d1Link({ db: "control", batch: 1 }))).rejects.toThrow(/stopped before batch 1/);
    // the shards were written, the directory was not: the next run reads the plan from it again
    expect((await phoneOf(p)).directory).toEqual({ quhao: "+84", phone: "0933 111 222" });
    expect((await phoneOf(p)).shard).toEqual({ quhao: "+84", phone: "+84933111222" });
    const plan = await normalisePhones(d1Link());
    expect(plan.changes.map((c) => c.row.id).sort()).toEqual([p.id, q.id].sort());
    for (const [who, e164] of [
      [p, "+84933111222"],
      [q, "+84944333444"],
    ] as const)
      expect(await phoneOf(who)).toEqual({
        directory: { quhao: "+84", phone: e164 },
        shard: { quhao: "+84", phone: e164 },
      });
  });
});
