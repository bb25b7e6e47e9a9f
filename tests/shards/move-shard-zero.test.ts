import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectOk, login, operatorLogin } from "../helpers";
import { movePlayer } from "../../worker/players/move";
import { playerTables } from "../../worker/players/move-tables";
import { busyPlayer, d1Link, expectEveryShardBalanced, rowsOf, shardD1, shardOf } from "./move-helpers";
import { walletHandle } from "../../worker/db/client";
import { todaySoFar } from "../../worker/insight/books-days";
import { signedOperator } from "./console-decisions-helpers";
import {
  users,
  soloAllowances,
  payoutClaims,
  accountDirectory,
  auditLog,
  adjustmentRequests,
} from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// A move out of shard 0 and back into it (docs/decisions/161 "Moving a player"). In the "shards-mixed" project
// shard 0 is the control database itself, so the move's source, then its target, is the database that holds
// the operators, the directory, the payout claims and the reservations of what operators move alone: the move
// takes the player's rows and only theirs, and leaves every control row as it was. In the "shards" project
// shard 0 is a database of its own, and the same must hold.

/** Every row of the control database but the player's own (as the move names them) and what a move writes. */
async function controlRowsBesides(userId: number) {
  const link = d1Link();
  const theirs = new Map((await playerTables(link.control)).map((t) => [t.name, t.where(userId)]));
  const tables = (
    await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
        AND name NOT IN ('d1_migrations', 'player_moves') ORDER BY name`,
    ).all<{ name: string }>()
  ).results.map((r) => r.name);
  // what the move itself writes there: the directory's row of the player, the move's audit row, the house's side
  // of the balance that leaves or arrives, the books check's sums of the player
  const written: Record<string, string> = {
    account_directory: `id = ${userId}`,
    audit_log: `action = 'player.move'`,
    ledger: `user_id = 1 AND type = 'move'`,
    // shard 0's books of the move (docs/decisions/162), in the control database where shard 0 is it
    books_moves: "1 = 1",
    books_departed_bets: "1 = 1",
    books_departed_finance: "1 = 1",
    books_departed_ledger: "1 = 1",
    books_departed_orders: "1 = 1",
  };
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const skip = [theirs.get(table), written[table]].filter(Boolean).map((w) => `(${w})`);
    const where = skip.length ? `WHERE NOT (${skip.join(" OR ")})` : "";
    const rows = (await env.DB.prepare(`SELECT * FROM "${table}" ${where} ORDER BY rowid`).all()).results;
    // the house's balance takes the other side of the move; a session is seen again at each call of the console
    out[table] =
      table === "users"
        ? rows.map((r) => (r.id === 1 ? { ...r, money_cents: null } : r))
        : table === "sessions"
          ? rows.map((r) => ({ ...r, last_seen_at_ms: null }))
          : rows;
  }
  return out;
}

/** What one wallet shard holds now: its players' balances and the house's (operators hold none). */
async function held(shard: number) {
  return (await shardD1(shard)
    .prepare(
      `SELECT (SELECT COALESCE(SUM(money_cents), 0) FROM ${quotedTable(users)} WHERE id <> 1) AS playersCents,
        (SELECT money_cents FROM ${quotedTable(users)} WHERE id = 1) AS houseCents`,
    )
    .first<{ playersCents: number; houseCents: number }>())!;
}

async function views(token: string) {
  const calls = {
    info: await api("/api/Game/getuserinfo", { token }),
    flow: await api("/api/Game/getfinanceflow", { token, type: "all", page: 1 }),
    orders: await api("/api/Game/getproductorders", { token }),
    cards: await api("/api/Game/getBankcardlist", { token }),
    deposits: await api("/api/Game/getRechargelist", { token, page: 1 }),
  };
  for (const answer of Object.values(calls)) expectOk(answer);
  return Object.fromEntries(Object.entries(calls).map(([k, v]) => [k, v.data]));
}

/**
 * A busy player in shard 0 with rows of the control database's own that name them: a credit an operator made
 * alone (its reservation), the payout claim of their bank card (busyPlayer's); the operator stays signed in.
 */
async function playerInShardZero() {
  const p = await busyPlayer([0]);
  const operator = await signedOperator();
  const credited = await api("/api/admin/adjust", {
    token: operator.token,
    userId: p.id,
    money: 12,
    text: "correction",
    reason: "before the move",
    request_id: `move0${crypto.randomUUID().replace(/-/g, "")}`,
  });
  expectOk(credited);
  // named here, not by the move's own list of tables: the control rows that name the player and must stay
  const controlOwn = async () => ({
    reservations: await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(soloAllowances)} WHERE operator_id = ?`)
      .bind(operator.id)
      .first(),
    claims: await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(payoutClaims)} WHERE user_id = ?`)
      .bind(p.id)
      .first(),
    directory: await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
      .bind(p.id)
      .first(),
  });
  const own = { reservations: { n: 1 }, claims: { n: 1 }, directory: { n: 1 } };
  expect(await controlOwn()).toEqual(own);
  return { p, operator, controlOwn, own };
}

describe("moving a player out of shard 0 and back", () => {
  it("takes the player's rows and only theirs, whether shard 0 is the control database or apart", async () => {
    const { p, operator, controlOwn, own } = await playerInShardZero();
    const before = await views(p.token);
    const rowsBefore = await rowsOf(0, p.id);
    const control = await controlRowsBesides(p.id);
    const withoutSessions = (rows: Record<string, unknown[]>) => ({ ...rows, sessions: [] });

    // out of shard 0
    expect(await movePlayer(d1Link(), p.username, 3, Date.now())).toMatchObject({ status: "moved", from: 0, to: 3 });
    expect(await shardOf(p.id)).toBe(3);
    expect(await rowsOf(0, p.id)).toEqual({});
    expect(withoutSessions(await rowsOf(3, p.id))).toEqual(withoutSessions(rowsBefore));
    expect(await controlRowsBesides(p.id)).toEqual(control);
    expect(await controlOwn()).toEqual(own);
    await expectEveryShardBalanced();

    // back into shard 0: their rows all carry shard 0's ids, so the move is allowed (docs/decisions/161)
    expect(await movePlayer(d1Link(), p.username, 0, Date.now())).toMatchObject({ status: "moved", from: 3, to: 0 });
    expect(await shardOf(p.id)).toBe(0);
    expect(await rowsOf(3, p.id)).toEqual({});
    expect(withoutSessions(await rowsOf(0, p.id))).toEqual(withoutSessions(rowsBefore));
    expect(await controlRowsBesides(p.id)).toEqual(control);
    expect(await controlOwn()).toEqual(own);
    await expectEveryShardBalanced();

    // the books per day of both shards hold through the round trip (docs/decisions/162): today so far has no
    // problem, and its closing figures are what each database holds
    for (const shard of [0, 3]) {
      const statement = await todaySoFar(walletHandle(shardD1(shard)), Date.now(), databasesOf(env).control);
      expect(statement.problems, `shard ${shard}`).toEqual([]);
      expect(statement.closing, `shard ${shard}`).toMatchObject(await held(shard));
    }

    // the player goes on in shard 0 with what they had; the operator is still signed in
    const token = await login(p.username, p.password);
    expect(token.slice(0, 2)).toBe("00");
    expect(await views(token)).toEqual(before);
    expectOk(await api("/api/admin/me", { token: operator.token }));
    // each move's one audit row, in the control database, once
    const moves = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM ${quotedTable(auditLog)} WHERE action = 'player.move' AND target = ?`,
    )
      .bind(`user:${p.id}`)
      .first();
    expect(moves).toEqual({ n: 2 });
  });

  it("undoes a stopped copy into shard 0 when the next run is refused, deleting nothing else there", async () => {
    const { p, controlOwn, own } = await playerInShardZero();
    expect(await movePlayer(d1Link(), p.username, 3, Date.now())).toMatchObject({ status: "moved", to: 3 });
    const rowsIn3 = await rowsOf(3, p.id);
    // the console's audit log of the player's rows: their decided deposit's, the operator's credit
    const token = await operatorLogin();
    const deposit = (rowsIn3.deposit_requests as { id: number }[])[0].id;
    const logged = async () => {
      const ids: number[] = [];
      for (const target of [`deposit:${deposit}`, `user:${p.id}`]) {
        const answer = await api("/api/admin/audit", { token, page: 1, target });
        expectOk(answer);
        ids.push(...answer.data.list.map((r: { id: number }) => r.id));
      }
      return ids;
    };
    const loggedBefore = await logged();
    expect(loggedBefore.length).toBeGreaterThanOrEqual(2);
    const control = await controlRowsBesides(p.id);
    // the move back stops after its copy into shard 0, before the directory switched
    await expect(movePlayer(d1Link({ db: "control", batch: 1 }), p.username, 0, Date.now())).rejects.toThrow(/stopped/);
    expect(Object.keys(await rowsOf(0, p.id))).toContain("ledger");
    // an operator asks for an adjustment of the frozen player meanwhile, in their shard
    await shardD1(3)
      .prepare(
        `INSERT INTO ${quotedTable(adjustmentRequests)} (user_id, amount_cents, reason, requested_by, created_at_ms) VALUES (?, 500, 'late', 2, ?)`,
      )
      .bind(p.id, Date.now())
      .run();
    await expect(movePlayer(d1Link(), p.username, 0, Date.now())).rejects.toThrow(/awaiting an operator/);
    // the copy is gone from shard 0 (its audit rows aside), and nothing else of the control database with it
    expect(Object.keys(await rowsOf(0, p.id)).filter((t) => t !== "audit_log")).toEqual([]);
    expect(await shardOf(p.id)).toBe(3);
    const { adjustment_requests: asked, ...rest } = await rowsOf(3, p.id);
    expect(asked).toHaveLength(1);
    expect({ ...rest, sessions: [] }).toEqual({ ...rowsIn3, sessions: [] });
    // the copy's audit rows went with the rest of it: the console shows each of the player's once
    expect(await logged()).toEqual(loggedBefore);
    expect(await controlRowsBesides(p.id)).toEqual(control);
    expect(await controlOwn()).toEqual(own);
    await login(p.username, p.password);
    await expectEveryShardBalanced();
  });
});
