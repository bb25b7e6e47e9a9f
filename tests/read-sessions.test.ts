import { databasesOver } from "../worker/db/databases";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MoneyWriteInReplicaRead, openSession, readModeOf, replicaReadPaths } from "../worker/db/read-sessions";
import { demoApi } from "../worker/api/app";
import { PAY_PASSWORD, player, randomDigits } from "./wallet-helpers";
import { currentRound, finishRound, playerWith, stubOf } from "./rooms-helpers";
import { runInDurableObject } from "cloudflare:test";
import { expectMoneyInvariants } from "./helpers";
import { parseBookmarks } from "../worker/db/bookmarks";
import { accountDirectory, users, ledger, depositRequests, soloAdjustments, bets, sessions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const bankAccount = () => ({
  type: "Bank",
  bank: "ACB",
  account: randomDigits(10),
  username: "Tran Thi B",
  area: "Saigon",
  payPwd: PAY_PASSWORD,
});

// Reads from replicas through D1's Sessions API (docs/decisions/160): which calls may read a second-old
// copy, the bookmark that lets a caller read its own writes, and the rule that money is never written by
// a call that reads from replicas.

async function call(path: string, body: Record<string, unknown>, bookmark?: string) {
  const response = await exports.default.fetch(`https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bookmark ? { "x-d1-bookmark": bookmark } : {}) },
    body: JSON.stringify(body),
  });
  return {
    json: (await response.json()) as any,
    bookmark: response.headers.get("x-d1-bookmark"),
    read: response.headers.get("x-d1-read"),
  };
}

/**
 * The bookmark of the room's latest write in a wallet shard (its order and cancellation batches run in sessions
 * of their own; the room keeps one bookmark per shard).
 */
async function roomBookmark(roomId: number, shard: number): Promise<string> {
  const bookmark = await runInDurableObject(stubOf(roomId), (room) =>
    (room as unknown as { writes: { bookmarkOf(shard: number): string | null } }).writes.bookmarkOf(shard),
  );
  expect(bookmark).toMatch(/^[0-9a-f-]+$/);
  return bookmark!;
}

/** Every database's bookmark of `later` at least that of `earlier` (one bookmark per database, worker/db/bookmarks.ts). */
function notBefore(later: string | null, earlier: string | null) {
  const [a, b] = [parseBookmarks(later), parseBookmarks(earlier)];
  return Object.entries(b).every(([key, bookmark]) => (a[key as "c"] ?? "") >= bookmark!);
}
/** A bookmark of each database the call read or wrote ("c" the control database, a number a wallet shard). */
const BOOKMARKS = /^(c|\d+):[0-9a-f-]+(~\d+:[0-9a-f-]+)*$/;

describe("read sessions", () => {
  it("starts money calls at the primary and lists at a replica, each answering its bookmark", async () => {
    const { token } = await player();
    const info = await call("/api/Game/getuserinfo", { token });
    expect(info.json.code).toBe(1);
    expect(info.read).toBe("primary");
    expect(info.bookmark).toMatch(BOOKMARKS);
    const flow = await call("/api/Game/getfinanceflow", { token, type: "all", page: 1 });
    expect(flow.json.code).toBe(1);
    expect(flow.read).toBe("replica");
    expect(flow.bookmark).toMatch(BOOKMARKS);
  });

  it("reads its own write: a bank account added, then listed from the bookmark the add answered", async () => {
    const { token } = await player();
    const before = await call("/api/Game/getBankcardlist", { token });
    const write = await call("/api/Game/addbankcard", { token, ...bankAccount() });
    expect(write.json.code).toBe(1);
    expect(write.read).toBe("primary");
    // The write answers a bookmark at least as late as the read before it.
    expect(notBefore(write.bookmark, before.bookmark)).toBe(true);
    const list = await call("/api/Game/getBankcardlist", { token }, write.bookmark!);
    expect(list.read).toBe("replica");
    expect(list.json.data.list).toHaveLength(1);
    expect(notBefore(list.bookmark, write.bookmark)).toBe(true);
  });

  it("hands back the room's write: an order's and a cancellation's answers carry a bookmark later than the call's reads", async () => {
    // The room writes orders in D1 sessions of its own; without its bookmark the caller's next replica
    // read (their bet records, their ledger) could miss the bet they just placed.
    const bettor = await playerWith(10_000);
    // the bettor's wallet shard: the room writes the order there, and a bookmark is one database's position
    const { shard } = (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
      .bind(bettor.userId)
      .first<{ shard: number }>())!;
    const inShard = (value: string | null) => parseBookmarks(value)[String(shard) as "0"] ?? "";
    const round = await currentRound(15);
    const before = await call("/api/Game/getuserinfo", { token: bettor.token });
    const placed = await call("/api/Game/order", {
      token: bettor.token,
      roomid: 15,
      gameid: round.roundId,
      order_info: [[0, 1.98, 20]],
      request_id: crypto.randomUUID(),
    });
    expect(placed.json.code).toBe(1);
    // at least as late as the room's own write: the caller's next read from a replica includes it
    expect(inShard(placed.bookmark) > inShard(before.bookmark)).toBe(true);
    expect(inShard(placed.bookmark) >= (await roomBookmark(15, shard))).toBe(true);
    const between = await call("/api/Game/getuserinfo", { token: bettor.token });
    const cancelled = await call("/api/Game/getgamecancel", {
      token: bettor.token,
      roomid: 15,
      order_id: placed.json.data.order_id,
    });
    expect(cancelled.json.code).toBe(1);
    expect(inShard(cancelled.bookmark) > inShard(between.bookmark)).toBe(true);
    expect(inShard(cancelled.bookmark) >= (await roomBookmark(15, shard))).toBe(true);
    await finishRound(15);
    await expectMoneyInvariants();
  });

  it("ignores a bookmark of the wrong shape instead of failing the call", async () => {
    const { token } = await player();
    const list = await call("/api/Game/getBankcardlist", { token }, "not a bookmark; DROP TABLE users");
    expect(list.json.code).toBe(1);
  });

  it("refuses a money write in a call that reads from replicas, and allows it at the primary", async () => {
    const replica = openSession(env.DB, "/api/Game/getfinanceflow", null);
    expect(() =>
      replica.binding.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 1 WHERE id = 1`),
    ).toThrow(MoneyWriteInReplicaRead);
    expect(() => replica.binding.prepare(`INSERT INTO ${quotedTable(ledger)} (user_id) VALUES (1)`)).toThrow(
      MoneyWriteInReplicaRead,
    );
    expect(() => replica.binding.prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = 1`)).not.toThrow();
    for (const write of [
      `WITH due AS (SELECT 1) INSERT INTO ${quotedTable(ledger)} (user_id) SELECT 1 FROM due`,
      `/* a note */ UPDATE ${quotedTable(depositRequests)} SET status = 'approved' WHERE id = 1`,
      'update "withdrawal_requests" set status = 1',
      `INSERT OR IGNORE INTO ${quotedTable(soloAdjustments)} (id) VALUES (1)`,
      `DELETE FROM ${quotedTable(bets)} WHERE id = 1`,
    ])
      expect(() => replica.binding.prepare(write), write).toThrow(MoneyWriteInReplicaRead);
    // a sign-in's session row is not money: touching it stays possible (it goes to the primary anyway)
    expect(() =>
      replica.binding.prepare(`UPDATE ${quotedTable(sessions)} SET last_seen_at_ms = 1 WHERE id = 1`),
    ).not.toThrow();
    // who is signed in is read at the primary, whatever the call's session
    expect(databasesOver({ session: replica.binding, primary: env.DB }, []).controlPrimary.$client).toBe(env.DB);
    const primary = openSession(env.DB, "/api/Game/withdraw", null);
    expect(() =>
      primary.binding.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents WHERE id = 1`),
    ).not.toThrow();
  });

  it("names only real API paths, none of them one that moves money", () => {
    const routes = new Set(demoApi.routes.map((route) => route.path.toLowerCase()));
    for (const path of replicaReadPaths()) expect(routes.has(path), path).toBe(true);
    for (const path of [
      "/api/game/order",
      "/api/game/withdraw",
      "/api/game/recharge",
      "/api/admin/adjust",
      "/api/admin/deposits/approve",
      "/api/admin/withdrawals/approve",
      "/api/admin/export",
      "/api/game/producttransferin",
    ])
      expect(readModeOf(path)).toBe("primary");
  });

  it("keeps the page visitor's last write position in a cookie and carries it into the next page's calls", async () => {
    const page = await exports.default.fetch("https://app.test/login");
    await page.text();
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith("__d1b="));
    const [value, ...attributes] = cookie!.split("; ");
    expect(decodeURIComponent(value)).toMatch(/^__d1b=c:[0-9a-f-]+$/);
    expect(attributes.sort()).toEqual(["HttpOnly", "Max-Age=86400", "Path=/", "SameSite=Lax", "Secure"]);
    const again = await exports.default.fetch("https://app.test/login", { headers: { cookie: value } });
    await again.text();
    const next = again.headers.getSetCookie().find((c) => c.startsWith("__d1b="));
    // Unchanged position: no new cookie; a later one: a greater bookmark.
    if (next)
      expect(notBefore(decodeURIComponent(next.split(";")[0].slice(6)), decodeURIComponent(value.slice(6)))).toBe(true);
  });
});
