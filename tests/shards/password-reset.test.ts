import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, direct, expectError, expectOk } from "../helpers";
import { playersInShards, type ShardedPlayer, shardD1 } from "./move-helpers";
import { accountDirectory, sessions } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The forgotten-password reset over four wallet shards that are four databases (docs/decisions/161): the code
// and the directory are the control database's, the password and the sessions the player's shard's.

const CODE = "246810";

async function phoneOf(p: ShardedPlayer) {
  return (await env.DB.prepare(`SELECT quhao, phone FROM ${quotedTable(accountDirectory)} WHERE id = ?`)
    .bind(p.id)
    .first<{ quhao: string; phone: string }>())!;
}

async function resetFields(p: ShardedPlayer, overrides: Record<string, string> = {}) {
  return {
    username: p.username,
    ...(await phoneOf(p)),
    captcha: CODE,
    npasswd: "fresh2026",
    npasswd2: "fresh2026",
    ...overrides,
  };
}

/** Players in shards other than 0: shard 0 is never the control database in this project, but make it plain. */
async function playerAwayFromShardZero() {
  const players = await playersInShards(2);
  return players.find((p) => p.shard !== 0)!;
}

describe("the forgotten-password reset over wallet shards", () => {
  it("finds the player by phone in the directory, changes the password and ends the sessions in their shard", async () => {
    const p = await playerAwayFromShardZero();
    const { quhao, phone } = await phoneOf(p);
    await direct.plantSmsCode(quhao, phone, CODE);
    expectOk(await api("/api/index/resetpasswd", await resetFields(p)));
    expectError(await api("/api/Game/getuserinfo", { token: p.token }), 1062, 409);
    const live = await shardD1(p.shard)
      .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(sessions)} WHERE user_id = ? AND revoked_at_ms IS NULL`)
      .bind(p.id)
      .first<{ n: number }>();
    expect(live!.n).toBe(0);
    expectError(await api("/api/Index/login", { username: p.username, password: p.password }), 1003);
    expectOk(await api("/api/Index/login", { username: p.username, password: "fresh2026" }));
    // the code was spent in the control database, so it serves no second reset
    expectError(
      await api("/api/index/resetpasswd", await resetFields(p, { npasswd: "again2026", npasswd2: "again2026" })),
      2053,
    );
  });

  it("refuses a name that is not the phone's account, whichever shard it lives in, changing nothing", async () => {
    const [p, q] = await playersInShards(2);
    const { quhao, phone } = await phoneOf(p);
    await direct.plantSmsCode(quhao, phone, CODE);
    expectError(await api("/api/index/resetpasswd", await resetFields(p, { username: q.username })), 1190);
    expectError(await api("/api/index/resetpasswd", await resetFields(p, { username: "admin" })), 1190);
    expectOk(await api("/api/Game/getuserinfo", { token: p.token }));
    expectOk(await api("/api/Game/getuserinfo", { token: q.token }));
    // the code was not spent by the refusals: the right name still resets with it
    expectOk(await api("/api/index/resetpasswd", await resetFields(p)));
  });

  it("lets one of two resets racing with one code win", async () => {
    const p = await playerAwayFromShardZero();
    const { quhao, phone } = await phoneOf(p);
    await direct.plantSmsCode(quhao, phone, CODE);
    const answers = await Promise.all([
      api("/api/index/resetpasswd", await resetFields(p, { npasswd: "first2026", npasswd2: "first2026" })),
      api("/api/index/resetpasswd", await resetFields(p, { npasswd: "second2026", npasswd2: "second2026" })),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    expectError(
      answers.find((a) => a.code !== 1)!,
      2053,
    );
    const winner = answers[0].code === 1 ? "first2026" : "second2026";
    expectOk(await api("/api/Index/login", { username: p.username, password: winner }));
  });
});
