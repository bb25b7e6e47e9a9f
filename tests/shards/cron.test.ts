import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectOk, registerPlayer } from "../helpers";
import { playerD1 } from "../shard-helpers";
import worker from "../../worker/index";
import { playLimits, notices as noticesTable } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The every-minute cron over wallet shards that are databases of their own (docs/decisions/161): the work on
// players' rows runs in each shard, where those rows are.

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the cron over wallet shards", () => {
  it("puts in force each shard's limit raises whose 24 hours are over, with the player's notice", async () => {
    const players = [];
    for (let i = 0; i < 6; i++) {
      const p = await registerPlayer();
      const info = await api("/api/Game/getuserinfo", { token: p.token });
      expectOk(info);
      const id = info.data.id as number;
      expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 100 }));
      expectOk(await api("/api/Game/setlimit", { token: p.token, kind: "stake", period: "day", money: 300 }));
      // the raise waits 24 hours: here they are over
      await (
        await playerD1(id)
      )
        .prepare(`UPDATE ${quotedTable(playLimits)} SET pending_at_ms = ? WHERE user_id = ?`)
        .bind(Date.now() - 1, id)
        .run();
      players.push(id);
    }
    await runCron();
    for (const id of players) {
      const d1 = await playerD1(id);
      const limit = await d1
        .prepare(`SELECT amount_cents, pending_at_ms FROM ${quotedTable(playLimits)} WHERE user_id = ?`)
        .bind(id)
        .first();
      expect(limit, `player ${id}`).toEqual({ amount_cents: 30_000, pending_at_ms: null });
      const notices = await d1
        .prepare(`SELECT kind FROM ${quotedTable(noticesTable)} WHERE user_id = ? AND kind = 'limitInForce'`)
        .bind(id)
        .all();
      expect(notices.results, `player ${id}`).toHaveLength(1);
    }
  });
});
