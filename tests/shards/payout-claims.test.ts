import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, registerPlayer } from "../helpers";
import { PAY_PASSWORD, addBank, randomDigits } from "../wallet-helpers";
import { accountDirectory, bankCards, payoutClaims } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// "No account bound twice" (1046, docs/decisions/020) across wallet shards (docs/decisions/161): the account
// or address is claimed in the control database, which sees every shard, before the player's shard writes it.

type Holder = { token: string; shard: number };

/** Players with a withdrawal password in `count` different shards. */
async function inDifferentShards(count: number): Promise<Holder[]> {
  const byShard = new Map<number, Holder>();
  for (let tries = 0; byShard.size < count && tries < 200; tries++) {
    const player = await registerPlayer({ payPwd: PAY_PASSWORD });
    const { shard } = (await env.DB.prepare(`SELECT shard FROM ${quotedTable(accountDirectory)} WHERE username = ?`)
      .bind(player.username)
      .first<{ shard: number }>())!;
    if (!byShard.has(shard)) byShard.set(shard, { token: player.token, shard });
  }
  expect(byShard.size).toBe(count);
  return [...byShard.values()];
}

const bank = (token: string, account: string) =>
  api("/api/Game/addbankcard", {
    token,
    type: "Bank",
    bank: "ACB",
    account,
    username: "Tran Thi B",
    area: "Saigon",
    payPwd: PAY_PASSWORD,
  });

describe("payout accounts across wallet shards", () => {
  it("refuses an account another shard's player holds (1046), and frees it when that player deletes it", async () => {
    const [first, second] = await inDifferentShards(2);
    const account = randomDigits(12);
    const held = await addBank(first.token, { account });
    expectError(await bank(second.token, account), 1046);
    // the refused player's shard has no card: nothing half-written
    const list = await api("/api/Game/getBankcardlist", { token: second.token });
    expect(list.data.list).toHaveLength(0);
    expectOk(await api("/api/Game/delbankcard", { token: first.token, id: held.id }));
    expectOk(await bank(second.token, account));
    expectError(await bank(first.token, account), 1046);
  });

  it("lets one of two players in different shards who bind the same account at once have it", async () => {
    const players = await inDifferentShards(3);
    const account = randomDigits(12);
    const answers = await Promise.all(players.map((p) => bank(p.token, account)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 1)) expectError(refused, 1046);
  });

  it("takes over a claim whose holder no longer has the card (a crash between the two writes)", async () => {
    const [first, second] = await inDifferentShards(2);
    const account = randomDigits(12);
    const held = await addBank(first.token, { account });
    // the holder's card is gone from their shard, the claim left behind in the control database
    const holderShard = env[`DB_WALLET_${first.shard}` as "DB_WALLET_0"];
    await holderShard
      .prepare(`UPDATE ${quotedTable(bankCards)} SET deleted_at_ms = ? WHERE id = ?`)
      .bind(Date.now(), held.id)
      .run();
    expectOk(await bank(second.token, account));
    const claim = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM ${quotedTable(payoutClaims)} WHERE type = 'Bank' AND account = ?`,
    )
      .bind(account)
      .first<{ n: number }>();
    expect(claim!.n).toBe(1);
  });
});
