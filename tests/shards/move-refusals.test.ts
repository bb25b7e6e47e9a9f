import { describe, expect, it } from "vitest";
import { api, expectOk, login } from "../helpers";
import { PAY_PASSWORD, requestId, paidInto } from "../wallet-helpers";
import { MoveRefused, movePlayer } from "../../worker/players/move";
import { betAt } from "../books-past-rows";
import {
  busyPlayer,
  credit,
  d1Link,
  expectEveryShardBalanced,
  rowsOf,
  rowsOnlyIn,
  rowsWhere,
  shardOf,
  shardedPlayer,
} from "./move-helpers";

// Moves refused (docs/decisions/161 "Moving a player"), over four shards that are four databases: while money is in
// flight, to a shard below the player's rows, or raced by a withdrawal; each leaves the player whole where they are.

describe("moves refused", () => {
  it("refuses while a request awaits an operator, changing nothing", async () => {
    let p = await shardedPlayer(1_000_00);
    for (let i = 0; i < 20 && p.shard === 3; i++) p = await shardedPlayer(1_000_00);
    expectOk(
      await api("/api/Game/recharge", { ...(await paidInto()), token: p.token, money: 150, pay_name: "Nguyen Van A" }),
    );
    const up = 3;
    await expect(movePlayer(d1Link(), p.username, up, Date.now())).rejects.toThrow(MoveRefused);
    await expect(movePlayer(d1Link(), p.username, up, Date.now())).rejects.toThrow(/awaiting an operator/);
    expect(await shardOf(p.id)).toBe(p.shard);
    expectOk(await api("/api/Game/getuserinfo", { token: p.token }));
    expect(await rowsOf(up, p.id)).toEqual({});
    await expectEveryShardBalanced();
  });

  it("refuses while a bet awaits its draw, changing nothing", async () => {
    const p = await shardedPlayer(1_000_00);
    // a bet as an order batch writes it: the order, its bet and the stake leaving the balance for the stakes in play
    await betAt(p.id, 10_00, Date.now());
    // any shard other than its own: the bet is refused before the id rule is asked
    await expect(movePlayer(d1Link(), p.username, (p.shard + 1) % 4, Date.now())).rejects.toThrow(/awaiting a draw/);
    expect(await shardOf(p.id)).toBe(p.shard);
    expectOk(await api("/api/Game/getuserinfo", { token: p.token }));
    await expectEveryShardBalanced();
  });

  it("races a withdrawal against the move: it lands and the move is refused, or the move wins and it is refused", async () => {
    const p = await busyPlayer();
    const cards = (await api("/api/Game/getBankcardlist", { token: p.token })).data;
    const cardId = (cards.list ?? cards)[0].id;
    const [withdrawal, moved] = await Promise.allSettled([
      api("/api/Game/withdraw", {
        token: p.token,
        bank_id: cardId,
        money: 200,
        pwd: PAY_PASSWORD,
        request_id: requestId(),
      }),
      movePlayer(d1Link(), p.username, 3, Date.now()),
    ]);
    const landed = withdrawal.status === "fulfilled" && withdrawal.value.code === 1;
    // a stopped move is finished (or refused) by a second run, as the command is run again
    const outcome =
      moved.status === "fulfilled"
        ? "moved"
        : await movePlayer(d1Link(), p.username, 3, Date.now()).then(
            () => "moved",
            (e) => (e instanceof MoveRefused ? "refused" : "stuck"),
          );
    expect(outcome).toBe(landed ? "refused" : "moved");
    const home = await shardOf(p.id);
    expect(home).toBe(landed ? p.shard : 3);
    // the request, if it landed, is in the shard the directory names, and nowhere else
    expect(await rowsWhere("withdrawal_requests", "user_id = ?", p.id)).toEqual(rowsOnlyIn(home, landed ? 1 : 0));
    await expectEveryShardBalanced();
  });

  it("refuses a move down to a shard whose ids the player's rows would push into another shard's range", async () => {
    const p = await busyPlayer();
    expect(await movePlayer(d1Link(), p.username, 3, Date.now())).toMatchObject({ status: "moved" });
    const token = await login(p.username, p.password);
    // a row written by shard 3
    expectOk(await api("/api/Game/setlimit", { token, kind: "loss", period: "day", money: 5_000 }));
    await credit(3, p.id, 1_00);
    await expect(movePlayer(d1Link(), p.username, 0, Date.now())).rejects.toThrow(/above shard 0/);
    expect(await shardOf(p.id)).toBe(3);
    expectOk(await api("/api/Game/getuserinfo", { token }));
    await expectEveryShardBalanced();
  });

  it("refuses an unknown name, an operator and a shard the deployment does not bind", async () => {
    await expect(movePlayer(d1Link(), "nobody_here", 1, Date.now())).rejects.toThrow(/No account/);
    await expect(movePlayer(d1Link(), "admin", 1, Date.now())).rejects.toThrow(/operator/);
    const p = await shardedPlayer();
    await expect(movePlayer(d1Link(), p.username, 4, Date.now())).rejects.toThrow(/no shard 4/);
  });
});
