import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk } from "../helpers";
import { addBank, addCoinAddress, PAY_PASSWORD, paidInto } from "../wallet-helpers";
import { registerPlayer } from "../helpers";
import { walletBindings } from "../../worker/db/shards";
import { shardOfId } from "../../worker/db/id-ranges";
import { shardIsControl } from "../shard-helpers";
import { accountDirectory } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// A player's own calls over four wallet shards that are four databases (docs/decisions/161): their bank and
// wallet accounts, requests, limits, inbox and ledger are read and written in their shard, the operator's
// settings in the control database.

/** The shards that hold a player's rows of a table, and whether the control database's own role holds any. */
async function inShards(table: string, userId: number) {
  const count = async (d1: D1Database) =>
    (await d1.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n;
  const out: number[] = [];
  for (const [shard, d1] of walletBindings(env).entries()) if ((await count(d1)) > 0) out.push(shard);
  // where a shard is the control database itself, its rows are that shard's (players have none in control's role)
  const control = walletBindings(env).some((_, shard) => shardIsControl(shard)) ? 0 : await count(env.DB);
  return { shards: out, control };
}

async function shardedPlayer() {
  const player = await registerPlayer({ payPwd: PAY_PASSWORD });
  const info = await api("/api/Game/getuserinfo", { token: player.token });
  expectOk(info);
  const row = await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(info.data.id)
    .first<{ shard: number }>();
  return { ...player, id: info.data.id as number, shard: row!.shard };
}

describe("a player's own calls over wallet shards", () => {
  it("keeps bank and wallet accounts in the player's shard", async () => {
    const p = await shardedPlayer();
    const bank = await addBank(p.token);
    await addCoinAddress(p.token);
    const list = await api("/api/Game/getBankcardlist", { token: p.token });
    expectOk(list);
    expect(list.data.length ?? list.data.list?.length).toBe(2);
    expect(await inShards("bank_cards", p.id)).toEqual({ shards: [p.shard], control: 0 });
    expectOk(await api("/api/Game/delbankcard", { token: p.token, id: bank.id }));
  });

  it("files a deposit request in the player's shard under the control database's settings", async () => {
    const p = await shardedPlayer();
    const asked = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: p.token,
      money: 150,
      pay_name: "Nguyen Van A",
    });
    expectOk(asked);
    const list = await api("/api/Game/getRechargelist", { token: p.token, page: 1 });
    expectOk(list);
    expect(list.data.list).toHaveLength(1);
    expect(await inShards("deposit_requests", p.id)).toEqual({ shards: [p.shard], control: 0 });
    // the shard hands out ids from its own range, so the id names one request in the whole deployment
    expect(shardOfId(list.data.list[0].id)).toBe(p.shard);
    // the minimum comes from the control database's settings
    expectError(
      await api("/api/Game/recharge", { ...(await paidInto()), token: p.token, money: 0.5, pay_name: "Nguyen Van A" }),
      1070,
    );
  });

  it("keeps limits, the inbox and the ledger views in the player's shard", async () => {
    const p = await shardedPlayer();
    expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 100 }));
    expect(await inShards("play_limits", p.id)).toEqual({ shards: [p.shard], control: 0 });
    const view = await api("/api/Game/getprotection", { token: p.token });
    expectOk(view);
    expectOk(await api("/api/Game/getnoticecount", { token: p.token }));
    expectOk(await api("/api/Game/getfinanceflow", { token: p.token, type: "all", page: 1 }));
    const statement = await api("/api/Game/getstatement", { token: p.token, type: "all" });
    expectOk(statement);
    const withdrawals = await api("/api/Game/getWithdrawlist", { token: p.token, page: 1 });
    expectOk(withdrawals);
  });
});
