import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectOk, operatorLogin, registerPlayer } from "../helpers";
import { walletBindings } from "../../worker/db/shards";
import { toMoney } from "#shared/money";
import { accountDirectory, protectionRefusals, financeOrders } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// What the console reads of players in wallet shards other than the first (docs/decisions/161), over four
// databases: a player's protection, the markers of harm and the lock-ups list. Limits are set through the
// player API (their shard); refusals and lock-ups are written in the shard as those calls write them.

const shards = () => walletBindings(env);
type Player = { token: string; id: number; username: string; shard: number };
const players: Player[] = [];

beforeAll(async () => {
  for (let i = 0; i < 40 && new Set(players.map((p) => p.shard)).size < 3; i++) {
    const p = await registerPlayer();
    const info = await api("/api/Game/getuserinfo", { token: p.token });
    expectOk(info);
    const dir = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
      .bind(info.data.id)
      .first<{ shard: number }>();
    players.push({ token: p.token, id: info.data.id, username: p.username, shard: dir!.shard });
  }
  expect(new Set(players.map((p) => p.shard)).size).toBeGreaterThanOrEqual(3);
}, 300_000);

/** One player of each shard there are players in. */
const onePerShard = () => [...new Map(players.map((p) => [p.shard, p])).values()];

describe("the console's view of players over wallet shards", () => {
  it("shows the limits a player of any shard set", async () => {
    const token = await operatorLogin();
    for (const p of onePerShard()) {
      expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 100 + p.shard }));
      const view = await api("/api/admin/protection", { token, userId: p.id });
      expectOk(view);
      const stake = view.data.limits.find(
        (l: { kind: string; period: string }) => l.kind === "stake" && l.period === "day",
      );
      expect(stake.money).toBe(toMoney((100 + p.shard) * 100));
    }
  });

  it("lists the players of every shard with markers of harm, and opens each one's markers", async () => {
    const token = await operatorLogin();
    const marked = onePerShard();
    for (const p of marked) {
      const d1 = shards()[p.shard];
      await d1.batch(
        ["loss", "stake", "deposit"].map((kind) =>
          d1
            .prepare(`INSERT INTO ${quotedTable(protectionRefusals)} (user_id, kind, created_at_ms) VALUES (?, ?, ?)`)
            .bind(p.id, kind, Date.now()),
        ),
      );
    }
    const list = await api("/api/admin/risk", { token });
    expectOk(list);
    const listed = list.data.list.filter((r: { userId: number }) => marked.some((p) => p.id === r.userId));
    expect(listed.map((r: { username: string }) => r.username).sort()).toEqual(marked.map((p) => p.username).sort());
    for (const p of marked) {
      const file = await api("/api/admin/risk/player", { token, userId: p.id });
      expectOk(file);
      expect(file.data.player.username).toBe(p.username);
      expect(file.data.markers.map((m: { key: string }) => m.key)).toContain("repeatedRefusals");
    }
  });

  it("lists the lock-ups of every shard once, newest first", async () => {
    const token = await operatorLogin();
    const written: { id: number; start: number }[] = [];
    for (const p of players) {
      const d1 = shards()[p.shard];
      const row = await d1
        .prepare(
          `INSERT INTO ${quotedTable(financeOrders)} (user_id, product_id, name_key, amount_cents, daily_rate_ppm, days, start_at_ms, end_at_ms, idempotency_key)
           VALUES (?, 1, 'primary', 10000000, 1500, 15, ?, ?, ?) RETURNING id, start_at_ms AS start`,
        )
        .bind(p.id, Date.now(), Date.now() + 15 * 86_400_000, `lock:${p.id}`)
        .first<{ id: number; start: number }>();
      written.push(row!);
    }
    const ids = written.map((r) => r.id);
    const seen: number[] = [];
    let after = "";
    for (let page = 0; page < 10; page++) {
      const answer = await api("/api/admin/productorders", { token, page: 1, ...(after ? { after } : {}) });
      expectOk(answer);
      seen.push(...answer.data.list.map((r: { id: number }) => r.id));
      if (!answer.data.next) break;
      after = answer.data.next;
    }
    // newest first by start, then id (docs/decisions/163-merged-lists-follow-time.md)
    const newestFirst = [...written].sort((a, b) => b.start - a.start || b.id - a.id).map((r) => r.id);
    expect(seen.filter((id) => ids.includes(id))).toEqual(newestFirst);
  });
});
