import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, login } from "../helpers";
import { PAY_PASSWORD, requestId } from "../wallet-helpers";
import { shardOfId } from "../../worker/db/id-ranges";
import { accrueEveryShard } from "../../worker/finance/accrue";
import { movePlayer } from "../../worker/players/move";
import { NO_PLAYER_ROWS, playerTables } from "../../worker/players/move-tables";
import { busyPlayer, credit, d1Link, expectEveryShardBalanced, rowsOf, shardD1, shardOf } from "./move-helpers";
import { withdrawalRequests, ledger, adjustmentRequests } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Moving a player between wallet shards (docs/decisions/161 "Moving a player") over four shards that are four
// databases: every row of the player goes, keeping its id; the directory names the one authoritative copy at
// every step; a second run finishes what a first one left.

const DAY = 86_400_000;

async function views(token: string) {
  const calls = {
    info: await api("/api/Game/getuserinfo", { token }),
    flow: await api("/api/Game/getfinanceflow", { token, type: "all", page: 1 }),
    orders: await api("/api/Game/getproductorders", { token }),
    assets: await api("/api/Game/getassets", { token }),
    cards: await api("/api/Game/getBankcardlist", { token }),
    deposits: await api("/api/Game/getRechargelist", { token, page: 1 }),
    protection: await api("/api/Game/getprotection", { token }),
  };
  for (const answer of Object.values(calls)) expectOk(answer);
  // the reality check counts from the session's sign-in, which a move ends
  delete calls.protection.data.reality;
  return Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, v.data]));
}

describe("the tables a move takes", () => {
  it("are every table of the schema with a player's rows, and a table nobody classified stops the move", async () => {
    const names = (await playerTables(d1Link().shard(2))).map((t) => t.name);
    for (const table of [
      "users",
      "ledger",
      "orders",
      "bets",
      "deposit_requests",
      "withdrawal_requests",
      "bank_cards",
      "play_limits",
      "self_exclusions",
      "protection_refusals",
      "finance_orders",
      "notices",
      "adjustment_requests",
      "solo_adjustments",
      "risk_interactions",
      "audit_log",
      "sessions",
      "login_attempts",
    ])
      expect(names).toContain(table);
    // parents first: a bet after its order, a withdrawal after its bank card, everything after the users row
    expect(names.indexOf("orders")).toBeLessThan(names.indexOf("bets"));
    expect(names.indexOf("bank_cards")).toBeLessThan(names.indexOf("withdrawal_requests"));
    expect(names[0]).toBe("users");
    const all = (
      await shardD1(2)
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'player_moves')",
        )
        .all<{ name: string }>()
    ).results;
    for (const { name } of all) expect(names.includes(name) || NO_PLAYER_ROWS.has(name)).toBe(true);

    // a new table with a user_id column is taken along; one without is refused until someone decides
    await shardD1(2).prepare("CREATE TABLE probe_with_player (id INTEGER PRIMARY KEY, user_id INTEGER)").run();
    expect((await playerTables(d1Link().shard(2))).map((t) => t.name)).toContain("probe_with_player");
    await shardD1(2).prepare("CREATE TABLE probe_unknown (id INTEGER PRIMARY KEY, owner INTEGER)").run();
    await expect(playerTables(d1Link().shard(2))).rejects.toThrow(/probe_unknown/);
    await shardD1(2).prepare("DROP TABLE probe_unknown").run();
    await shardD1(2).prepare("DROP TABLE probe_with_player").run();
  });
});

describe("moving a player between shards", () => {
  it("moves every row, keeps balance and history, and the player goes on in the new shard", async () => {
    const p = await busyPlayer();
    const to = 3;
    const before = await views(p.token);
    const rowsBefore = await rowsOf(p.shard, p.id);
    const sequenceBefore = (
      await shardD1(to)
        .prepare("SELECT name, seq FROM sqlite_sequence ORDER BY name")
        .all<{ name: string; seq: number }>()
    ).results;

    const result = await movePlayer(d1Link(), p.username, to, Date.now());
    expect(result).toMatchObject({ status: "moved", userId: p.id, from: p.shard, to });
    expect(await shardOf(p.id)).toBe(to);
    // every row is in the target as it was (the move froze the player and revoked their sessions, then unfroze)
    const rowsAfter = await rowsOf(to, p.id);
    const revoked = (rows: unknown[] | undefined) => (rows ?? []).map((r: any) => ({ ...r, revoked_at_ms: null }));
    expect(revoked(rowsAfter.sessions)).toEqual(revoked(rowsBefore.sessions));
    expect({ ...rowsAfter, sessions: [] }).toEqual({ ...rowsBefore, sessions: [] });
    // nothing of the player is left in the source
    expect(await rowsOf(p.shard, p.id)).toEqual({});
    // the copy kept the target's id counters in its own range (only the house's row of the move and the books'
    // record of it took an id)
    const sequenceAfter = (
      await shardD1(to)
        .prepare("SELECT name, seq FROM sqlite_sequence ORDER BY name")
        .all<{ name: string; seq: number }>()
    ).results;
    expect(sequenceAfter.map((r) => r.name)).toEqual(sequenceBefore.map((r) => r.name));
    for (const row of sequenceAfter) expect(shardOfId(row.seq)).toBe(to);
    expect(sequenceAfter.filter((r, i) => r.seq !== sequenceBefore[i].seq).map((r) => r.name)).toEqual([
      "books_moves",
      "ledger",
    ]);
    await expectEveryShardBalanced();

    // the old session ended; the player signs in to the new shard and sees the same balance and history
    expectError(await api("/api/Game/getuserinfo", { token: p.token }), 1062, 409);
    const token = await login(p.username, p.password);
    expect(token.slice(0, 2)).toBe("03");
    expect(await views(token)).toEqual(before);
    // a withdrawal is written in the new shard, with the new shard's ids
    const card = (await api("/api/Game/getBankcardlist", { token })).data;
    const cardId = (card.list ?? card)[0].id;
    expectOk(
      await api("/api/Game/withdraw", {
        token,
        bank_id: cardId,
        money: 200,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
    );
    const wd = await shardD1(to)
      .prepare(`SELECT id FROM ${quotedTable(withdrawalRequests)} WHERE user_id = ?`)
      .bind(p.id)
      .first<{ id: number }>();
    expect(shardOfId(wd!.id)).toBe(to);
    // the lock-up accrues in its new shard
    await accrueEveryShard(databasesOf(env), Date.now() + 3 * DAY);
    const interest = await shardD1(to)
      .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)} WHERE user_id = ? AND type = 'interest'`)
      .bind(p.id)
      .first<{ n: number }>();
    expect(interest!.n).toBeGreaterThanOrEqual(2);
    await expectEveryShardBalanced();

    // a second run changes nothing
    expect(await movePlayer(d1Link(), p.username, to, Date.now())).toMatchObject({ status: "already" });
    expect(await shardOf(p.id)).toBe(to);
    await expectEveryShardBalanced();
  });

  it("finishes on a second run a move stopped after the copy, and one stopped after the directory switched", async () => {
    for (const fail of [
      { db: "control" as const, batch: 1 },
      { db: "source" as const, batch: 2 },
    ]) {
      const p = await busyPlayer();
      const before = await rowsOf(p.shard, p.id);
      const link = d1Link(fail.db === "control" ? fail : { db: p.shard, batch: fail.batch });
      await expect(movePlayer(link, p.username, 2, Date.now())).rejects.toThrow(/stopped/);
      // one authoritative copy, named by the directory; the player cannot sign in meanwhile
      expect(await shardOf(p.id)).toBe(fail.db === "control" ? p.shard : 2);
      expect((await api("/api/Index/login", { username: p.username, password: p.password })).code).not.toBe(1);
      await expectEveryShardBalanced();
      expect(await movePlayer(d1Link(), p.username, 2, Date.now())).toMatchObject({ status: "moved", to: 2 });
      expect(await rowsOf(p.shard, p.id)).toEqual({});
      const after = await rowsOf(2, p.id);
      expect(after.ledger).toEqual(before.ledger);
      expect(after.finance_orders).toEqual(before.finance_orders);
      expect(await shardOf(p.id)).toBe(2);
      await login(p.username, p.password);
      await expectEveryShardBalanced();
    }
  });

  it("undoes a copy a stopped run left when the next run is refused, and moves cleanly later", async () => {
    const p = await busyPlayer();
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), p.username, 3, Date.now())).rejects.toThrow(/stopped/);
    expect(Object.keys(await rowsOf(3, p.id))).toContain("ledger");
    // an operator asks for an adjustment of the frozen player meanwhile
    await shardD1(p.shard)
      .prepare(
        `INSERT INTO ${quotedTable(adjustmentRequests)} (user_id, amount_cents, reason, requested_by, created_at_ms) VALUES (?, 500, 'late', 2, ?)`,
      )
      .bind(p.id, Date.now())
      .run();
    await expect(movePlayer(d1Link(), p.username, 3, Date.now())).rejects.toThrow(/awaiting an operator/);
    // the copy is gone from the target, its audit rows too, the house's side of it reversed, the player whole
    expect(await rowsOf(3, p.id)).toEqual({});
    expect(await shardOf(p.id)).toBe(p.shard);
    await login(p.username, p.password);
    await expectEveryShardBalanced();
    // moving back to where they are, with nothing under way, is a no-op
    expect(await movePlayer(d1Link(), p.username, p.shard, Date.now())).toMatchObject({ status: "already" });
    await shardD1(p.shard)
      .prepare(`UPDATE ${quotedTable(adjustmentRequests)} SET status = 'rejected' WHERE user_id = ?`)
      .bind(p.id)
      .run();
    expect(await movePlayer(d1Link(), p.username, 3, Date.now())).toMatchObject({ status: "moved", to: 3 });
    expect(await rowsOf(p.shard, p.id)).toEqual({});
    await expectEveryShardBalanced();
  });

  it("deletes nothing in the source when its rows changed after the copy (a credit that landed late)", async () => {
    const p = await busyPlayer();
    const late = async (db: "control" | number) => {
      if (db === "control") await credit(p.shard, p.id, 7_00);
    };
    const ledgerRows = async (shard: number) =>
      (await shardD1(shard)
        .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)} WHERE user_id = ?`)
        .bind(p.id)
        .first<{ n: number }>())!.n;
    await expect(movePlayer(d1Link(undefined, late), p.username, 3, Date.now())).rejects.toThrow(/changed after/);
    // the directory names the copy; the late credit is still in the source, nothing was deleted there
    expect(await shardOf(p.id)).toBe(3);
    const left = await ledgerRows(p.shard);
    expect(left).toBe((await ledgerRows(3)) + 1);
    await expectEveryShardBalanced();
    // a second run says so again rather than losing the credit
    await expect(movePlayer(d1Link(), p.username, 3, Date.now())).rejects.toThrow(/changed after/);
    expect(await ledgerRows(p.shard)).toBe(left);
  });
});
