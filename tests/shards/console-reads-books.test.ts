import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin, registerPlayer } from "../helpers";
import { shardIsControl } from "../shard-helpers";
import { walletBindings } from "../../worker/db/shards";
import { controlAndShards } from "../../worker/db/every-shard";
import { pageAt, pagedList } from "../../worker/db/paging";
import { AUDIT_KEY_WIDTH, auditKey, listAudit } from "../../worker/audit/log";
import { CLOSE_AFTER_MS } from "../../worker/insight/books-days";
import { closeEveryShardsDaysWhenDue, storedDaysOfShards } from "../../worker/insight/books-days-shards";
import { DAY_MS, dayStartMs, formatDate } from "#shared/days";
import { toMoney } from "#shared/money";
import { ledger, users, accountDirectory, auditLog, adjustmentRequests, booksDays } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The console's audit log, approvals, books check and books per day over four wallet shards that are four
// databases (docs/decisions/161). Money is put in the shards as a money move writes it there (a ledger row of
// the player and its house mirror, both balances, in one batch), so each shard's books hold on their own.
// Storage is shared by the tests of this file: the books are broken on purpose only in the last test.

const shards = () => walletBindings(env);
const shardOf = (p: { shard: number }) => shards()[p.shard];
type Player = { id: number; username: string; shard: number };
const players: Player[] = [];
let moves = 0;

/** A credit of a player in their shard, booked like any top-up: the player's row and the house's mirror. */
async function credit(p: Player, cents: number) {
  const d1 = shards()[p.shard];
  const key = `test-credit:${p.id}:${++moves}`;
  const now = Date.now();
  const row = (userId: number, amount: number, k: string) =>
    d1
      .prepare(
        `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
         SELECT id, ?, money_cents, money_cents + ?, 'topup', 'test credit', ?, ? FROM ${quotedTable(users)} WHERE id = ?`,
      )
      .bind(amount, amount, k, now, userId);
  await d1.batch([
    row(p.id, cents, key),
    row(1, -cents, `${key}:house`),
    d1.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + ? WHERE id = ?`).bind(cents, p.id),
    d1.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents - ? WHERE id = 1`).bind(cents),
  ]);
}

beforeAll(async () => {
  const seen = new Set<number>();
  for (let i = 0; i < 40 && (seen.size < 3 || players.length < 6); i++) {
    const p = await registerPlayer();
    const info = await api("/api/Game/getuserinfo", { token: p.token });
    expectOk(info);
    const dir = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
      .bind(info.data.id)
      .first<{ shard: number }>();
    players.push({ id: info.data.id, username: p.username, shard: dir!.shard });
    seen.add(dir!.shard);
  }
  expect(seen.size).toBeGreaterThanOrEqual(3);
  for (const [i, p] of players.entries()) await credit(p, 10_000 * (i + 1));
}, 300_000);

describe("the console's audit log over the control database and the shards", () => {
  it("shows every database's rows once, in order, where two databases share ids", async () => {
    const operator = await env.DB.prepare(`SELECT id FROM ${quotedTable(users)} WHERE username = 'admin'`).first<{
      id: number;
    }>();
    const someone = players[0];
    // one instant for every row: the log orders by time first (docs/decisions/163-merged-lists-follow-time.md),
    // so the rows tie on it and the order falls to the id, then the database
    const tieAtMs = Date.now();
    const insert = (d1: D1Database, id: number | null, n: number) =>
      d1
        .prepare(
          `INSERT INTO ${quotedTable(auditLog)} (id, actor_id, action, target, created_at_ms) VALUES (?, ?, 'zz.tie.${n}', ?, ?)`,
        )
        .bind(id, operator!.id, `user:${someone.id}`, tieAtMs);
    // the same ids in the control database and in shard 0 (their ranges are one), and rows of shard 2; where shard
    // 0 is the control database itself ("shards-mixed"), its rows are the control database's, read once, and shard
    // 1 takes the same ids instead so that two databases still tie
    const ids = Array.from({ length: 12 }, (_, i) => 900_000 + i);
    const twin = shards()[shardIsControl(0) ? 1 : 0];
    await env.DB.batch(ids.map((id, i) => insert(env.DB, id, i)));
    await twin.batch(ids.map((id, i) => insert(twin, id, i)));
    await shards()[2].batch(Array.from({ length: 13 }, (_, i) => insert(shards()[2], null, i)));
    const expected = 12 + 12 + 13;

    // through the console's API: 30 a page, the edge of the first page falls between two rows of one id
    const token = await operatorLogin();
    const seen: { id: number; action: string; operator: string; subject: string }[] = [];
    let after = "";
    for (let page = 0; page < 5; page++) {
      const answer = await api("/api/admin/audit", { token, page: 1, action: "zz.tie", ...(after ? { after } : {}) });
      expectOk(answer);
      seen.push(...answer.data.list);
      if (!answer.data.next) break;
      after = answer.data.next;
    }
    expect(seen).toHaveLength(expected);
    // named from the directory: the operator of the control database, the player of a shard
    expect(seen.every((r) => r.operator === "admin" && r.subject === someone.username)).toBe(true);
    const ordered = seen.map((r) => r.id);
    expect(ordered).toEqual([...ordered].sort((a, b) => b - a));
    expect(ordered.filter((id) => id === 900_011)).toHaveLength(2);
    // two rows of one id are two rows to the screen too: each has a key of its own
    const rowKeys = seen.map((r) => (r as { key?: string }).key);
    expect(rowKeys.every((k) => typeof k === "string")).toBe(true);
    expect(new Set(rowKeys).size).toBe(expected);

    // with small pages both ways: every (id, database) once
    const databases = await controlAndShards(databasesOf(env));
    const read = async (form: { page: number; after?: number[] | null; before?: number[] | null }) => {
      const at = pageAt(form, 4, AUDIT_KEY_WIDTH);
      return pagedList(
        await listAudit(databasesOf(env).control, databases, { action: "zz.tie", at }),
        at,
        auditKey,
        (r) => auditKey(r).join("_"),
      );
    };
    const keys: string[] = [];
    let next: string | null = null;
    let last = await read({ page: 1 });
    for (;;) {
      keys.push(...last.list);
      next = last.next;
      if (!next) break;
      last = await read({ page: 1, after: next.split("_").map(Number) });
    }
    expect(keys).toHaveLength(expected);
    expect(new Set(keys).size).toBe(expected);
    const back: string[] = [];
    let prev = last.prev;
    while (prev) {
      const page = await read({ page: 1, before: prev.split("_").map(Number) });
      back.unshift(...page.list);
      prev = page.prev;
    }
    expect([...back, ...last.list]).toEqual(keys);
    const third = await read({ page: 3 });
    expect(third.list).toEqual(keys.slice(8, 12));
  });
});

describe("the console's approvals over the shards", () => {
  it("queues the two-operator adjustments of every shard, named by the operator who asked", async () => {
    const operator = await env.DB.prepare(`SELECT id FROM ${quotedTable(users)} WHERE username = 'admin'`).first<{
      id: number;
    }>();
    for (const p of players)
      await shardOf(p)
        .prepare(
          `INSERT INTO ${quotedTable(adjustmentRequests)} (user_id, amount_cents, reason, requested_by, created_at_ms) VALUES (?, 500000, 'test', ?, ?)`,
        )
        .bind(p.id, operator!.id, Date.now())
        .run();
    const token = await operatorLogin();
    const answer = await api("/api/admin/adjustments", { token, page: 1 });
    expectOk(answer);
    const rows = answer.data.list.filter((r: { userId: number }) => players.some((p) => p.id === r.userId));
    expect(rows.map((r: { userId: number }) => r.userId).sort()).toEqual(players.map((p) => p.id).sort());
    expect(rows.every((r: { requestedBy: string }) => r.requestedBy === "admin")).toBe(true);
    // oldest first by time, then id (docs/decisions/163-merged-lists-follow-time.md)
    const keys = rows.map((r: { time: number; id: number }) => [r.time, r.id]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });
});

describe("the books over the shards", () => {
  const shardTotals = async () =>
    Promise.all(
      shards().map(async (d1) => {
        const row = await d1
          .prepare(`SELECT COALESCE(SUM(money_cents), 0) AS players FROM ${quotedTable(users)} WHERE id <> 1`)
          .first<{
            players: number;
          }>();
        return row!.players;
      }),
    );

  it("are checked per shard and in total", async () => {
    const token = await operatorLogin();
    const answer = await api("/api/admin/books/check", { token });
    expectOk(answer);
    const books = answer.data;
    expect(books.ok).toBe(true);
    expect(books.shards).toHaveLength(4);
    const totals = await shardTotals();
    for (const [shard, players] of totals.entries()) {
      expect(books.shards[shard]).toMatchObject({ shard, checked: true, ok: true, balances: toMoney(0) });
      // each shard's house holds the opposite of its players: a shard with players' money is not empty
      if (players > 0) expect(books.shards[shard].problems).toEqual([]);
    }
    expect(totals.filter((t) => t > 0).length).toBeGreaterThanOrEqual(3);
    expect(books.balances).toBe(toMoney(0));
    await expectMoneyInvariants();
  });

  it("close each day per shard, and the day's page adds the shards", async () => {
    const token = await operatorLogin();
    const today = await api("/api/admin/books/days", { token, page: 1 });
    expectOk(today);
    const totals = await shardTotals();
    const players = totals.reduce((a, b) => a + b, 0);
    expect(today.data.today.closing.players).toBe(toMoney(players));
    expect(today.data.today.closing.house).toBe(toMoney(-players));
    expect(today.data.today.problems).toEqual([]);
    // once the day is over, each shard closes it on its own books, and the stored day is their sum
    const day = formatDate(Date.now());
    const closeAt = dayStartMs(Date.now()) + DAY_MS + CLOSE_AFTER_MS + 1;
    await closeEveryShardsDaysWhenDue(databasesOf(env).wallets, databasesOf(env).control, closeAt);
    for (const d1 of shards()) {
      const hasBooks = await d1.prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)}`).first<{ n: number }>();
      const stored = await d1
        .prepare(`SELECT status FROM ${quotedTable(booksDays)} WHERE day = ?`)
        .bind(day)
        .first<{ status: string }>();
      if (hasBooks!.n > 0) expect(stored?.status).toBe("closed");
    }
    const [summed] = await storedDaysOfShards(databasesOf(env).wallets, day, day);
    expect(summed).toMatchObject({ day, status: "closed", problems: [] });
    expect(summed.closing.playersCents).toBe(players);
    expect(summed.closing.houseCents).toBe(-players);
  });

  it("name the shard whose books break", async () => {
    const broken = players.find((p) => p.shard !== 0)!;
    await shardOf(broken)
      .prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 1 WHERE id = ?`)
      .bind(broken.id)
      .run();
    const token = await operatorLogin();
    const answer = await api("/api/admin/books/check", { token });
    expectOk(answer);
    expect(answer.data.ok).toBe(false);
    expect(answer.data.shards[broken.shard].ok).toBe(false);
    expect(answer.data.problems).toContainEqual(
      expect.objectContaining({ kind: "balance", userId: broken.id, shard: broken.shard }),
    );
    for (const s of answer.data.shards) if (s.shard !== broken.shard) expect(s.ok).toBe(true);
  });
});
