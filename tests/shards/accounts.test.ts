import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, login, newPlayerFields, registerPlayer } from "../helpers";
import { shardIsControl } from "../shard-helpers";
import { shardCount, shardOfToken, walletBindings } from "../../worker/db/shards";
import { shardOfId } from "../../worker/db/id-ranges";
import { accountDirectory, users } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Accounts over four wallet shards (docs/decisions/161; the "shards" project binds four databases, "shards-mixed"
// shard 0 to the control database itself): the directory in the control
// database takes every name and phone and says where each player lives; the player's rows are in that shard only.

async function directoryRow(username: string) {
  return env.DB.prepare(`SELECT id, shard FROM ${quotedTable(accountDirectory)} WHERE lower(username) = lower(?)`)
    .bind(username)
    .first<{ id: number; shard: number | null }>();
}

/** Which databases hold a users row of this name: "control" and the shard indexes. */
async function whereUserIs(username: string) {
  const out: (number | "control")[] = [];
  if (
    await env.DB.prepare(`SELECT 1 FROM ${quotedTable(users)} WHERE username = ?`)
      .bind(username)
      .first()
  )
    out.push("control");
  for (const [shard, d1] of walletBindings(env).entries())
    if (
      await d1
        .prepare(`SELECT 1 FROM ${quotedTable(users)} WHERE username = ?`)
        .bind(username)
        .first()
    )
      out.push(shard);
  return out;
}

/**
 * The bindings that see rows kept in these places, in whereUserIs's order: a shard that is the control database
 * itself (the "shards-mixed" project's shard 0) sees the control database's rows, and the control database its.
 */
function seenAt(...places: (number | "control")[]) {
  const seen = new Set(places);
  const shared = [0, 1, 2, 3].filter(shardIsControl);
  if (places.some((place) => place === "control" || shardIsControl(place)))
    for (const place of ["control" as const, ...shared]) seen.add(place);
  return (["control", 0, 1, 2, 3] as const).filter((place) => seen.has(place));
}

describe("accounts over wallet shards", () => {
  it("runs with four shards, each a database of its own or the control database itself as the project binds it", async () => {
    expect(shardCount(env)).toBe(4);
    for (const [shard, d1] of walletBindings(env).entries()) {
      const table = `shard_probe_${shard}`;
      await d1.prepare(`CREATE TABLE IF NOT EXISTS ${table} (x)`).run();
      const seen = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = ?").bind(table).first();
      expect(seen !== null).toBe(shardIsControl(shard));
      for (const [other, otherD1] of walletBindings(env).entries()) {
        if (other === shard) continue;
        const there = await otherD1.prepare("SELECT name FROM sqlite_master WHERE name = ?").bind(table).first();
        expect(there !== null).toBe(shardIsControl(shard) && shardIsControl(other));
      }
      await d1.prepare(`DROP TABLE ${table}`).run();
    }
  });

  it("places each new player in one shard, the least-filled, and their rows and session there only", async () => {
    const placed = new Map<number, number>();
    for (let i = 0; i < 24; i++) {
      const player = await registerPlayer();
      const entry = (await directoryRow(player.username))!;
      expect(entry.shard).not.toBeNull();
      expect(await whereUserIs(player.username)).toEqual(seenAt(entry.shard!));
      // the token names the shard its session is stored in
      expect(shardOfToken(player.token, 4)).toBe(entry.shard);
      const info = await api("/api/Game/getuserinfo", { token: player.token });
      expectOk(info);
      expect(info.data.id).toBe(entry.id);
      placed.set(entry.shard!, (placed.get(entry.shard!) ?? 0) + 1);
    }
    // 24 registrations over 4 shards: each takes the least-filled one (tests/shards/even-spread.test.ts)
    expect(placed.size).toBe(4);
  });

  it("keeps a name and a phone unique across shards, told after the SMS code", async () => {
    const first = await registerPlayer();
    const sameName = await newPlayerFields({ username: first.username.toUpperCase() });
    expectError(await api("/api/index/register", sameName), 1013);
    const samePhone = await newPlayerFields({ phone: first.fields.phone, quhao: first.fields.quhao });
    expectError(await api("/api/index/register", samePhone), 2052);
    expect(await whereUserIs(first.username)).toEqual(seenAt((await directoryRow(first.username))!.shard!));
  });

  it("signs a player in, changes their password and signs them out, all in their shard", async () => {
    const player = await registerPlayer();
    const token = await login(player.username, player.password);
    expect(shardOfToken(token, 4)).toBe((await directoryRow(player.username))!.shard);
    const changed = await api("/api/index/repasswd", { token, passwd: player.password, npasswd: "another9pass" });
    expectOk(changed);
    // the old password's sessions ended, the new one signs in
    expectError(await api("/api/Game/getuserinfo", { token }), 1062, 409);
    const fresh = changed.data.token as string;
    expectOk(await api("/api/index/logout", { token: fresh }));
    expectError(await api("/api/Game/getuserinfo", { token: fresh }), 1062, 409);
    expectError(await api("/api/Index/login", { username: player.username, password: player.password }), 1003);
    await login(player.username, "another9pass");
  });

  it("never signs an operator in at the player login, and keeps operators in the control database", async () => {
    expectError(await api("/api/Index/login", { username: "admin", password: "admin1234" }), 1003);
    expect(await whereUserIs("admin")).toEqual(seenAt("control"));
    expect((await directoryRow("admin"))!.shard).toBeNull();
  });

  it("seeds the demo player in shard 0 and a house row in every shard", async () => {
    expect(await whereUserIs("demo01")).toEqual(seenAt(0));
    for (const d1 of walletBindings(env))
      expect(await d1.prepare(`SELECT role FROM ${quotedTable(users)} WHERE id = 1`).first()).toEqual({
        role: "house",
      });
    await login("demo01", "demo1234");
  });

  it("sets up each database for its roles, both where shard 0 is the control database (worker/db/database-setup.ts)", async () => {
    // the control database's: id 1 kept for the house in the directory, so no account ever takes it
    expect(
      await env.DB.prepare(`SELECT id, shard FROM ${quotedTable(accountDirectory)} WHERE username = 'house'`).all(),
    ).toMatchObject({
      results: [{ id: 1, shard: null }],
    });
    for (const [shard, d1] of walletBindings(env).entries()) {
      // each shard's: one house account, the other side of its moves, and its ids from its own range
      expect(
        (await d1.prepare(`SELECT id FROM ${quotedTable(users)} WHERE role = 'house' OR id = 1`).all<{ id: number }>())
          .results,
      ).toEqual([{ id: 1 }]);
      const counters = (
        await d1.prepare("SELECT name, seq FROM sqlite_sequence WHERE name IN ('ledger', 'audit_log')").all<{
          name: string;
          seq: number;
        }>()
      ).results;
      expect(counters.map((c) => c.name).sort()).toEqual(["audit_log", "ledger"]);
      for (const c of counters) expect(shardOfId(c.seq)).toBe(shard);
    }
    // the control database's audit rows and the shard that is the control database share a range: shard 0's
    const control = await env.DB.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'audit_log'").first<{
      seq: number;
    }>();
    expect(shardOfId(control!.seq)).toBe(0);
  });
});
