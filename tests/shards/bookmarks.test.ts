import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "../helpers";
import { parseBookmarks } from "../../worker/db/bookmarks";
import { PAY_PASSWORD, randomDigits } from "../wallet-helpers";
import { currentRound } from "../rooms-helpers";
import { playersInShards } from "./orders-helpers";
import { accountDirectory } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// One bookmark per database once the wallet shards are databases of their own (docs/decisions/160, 161): a
// player's write answers their shard's bookmark under the shard's number, and their next read from a replica
// starts there; the control database's bookmark is never given to a shard.

async function call(path: string, body: Record<string, unknown>, bookmark?: string | null) {
  const response = await exports.default.fetch(`https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bookmark ? { "x-d1-bookmark": bookmark } : {}) },
    body: JSON.stringify(body),
  });
  return { json: (await response.json()) as any, bookmark: response.headers.get("x-d1-bookmark") };
}

describe("bookmarks per database over wallet shards", () => {
  it("answers a player's write with their shard's bookmark, and their next list reads it", async () => {
    const player = await registerPlayer({ payPwd: PAY_PASSWORD });
    const info = await call("/api/Game/getuserinfo", { token: player.token });
    const { shard } = (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
      .bind(info.json.data.id)
      .first<{ shard: number }>())!;
    const added = await call("/api/Game/addbankcard", {
      token: player.token,
      type: "Bank",
      bank: "ACB",
      account: randomDigits(10),
      username: "Tran Thi B",
      area: "Saigon",
      payPwd: PAY_PASSWORD,
    });
    expect(added.json.code).toBe(1);
    const written = parseBookmarks(added.bookmark);
    // the write went to the player's shard: its bookmark is named by that shard, no other shard's is made up
    expect(Object.keys(written)).toContain(String(shard));
    for (const key of Object.keys(written)) expect(["c", String(shard)]).toContain(key);
    const list = await call("/api/Game/getBankcardlist", { token: player.token }, added.bookmark);
    expect(list.json.data.list).toHaveLength(1);
    const after = parseBookmarks(list.bookmark);
    expect(after[String(shard) as "0"]! >= written[String(shard) as "0"]!).toBe(true);
  });

  it("answers an order, written by the room in the player's shard, with that shard's bookmark", async () => {
    // The room writes the order in a D1 session of its own; the answer must name the player's shard, or the
    // player's next replica read (their records, their ledger) could miss the bet (docs/decisions/160).
    const players = await playersInShards([2], 10_000);
    const bettor = players.get(2)!;
    const round = await currentRound(15);
    const placed = await call("/api/Game/order", {
      token: bettor.token,
      roomid: 15,
      gameid: round.roundId,
      order_info: [[0, 1.98, 20]],
      request_id: crypto.randomUUID(),
    });
    expect(placed.json.code).toBe(1);
    expect(parseBookmarks(placed.bookmark)["2"]).toMatch(/^[0-9a-f-]+$/);
    const records = await call("/api/game/getgamelog2", { token: bettor.token }, placed.bookmark);
    expect(records.json.data.data).toHaveLength(1);
  });
});
