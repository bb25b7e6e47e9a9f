import { databasesOf } from "../../worker/db/databases";
import { env, exports } from "cloudflare:workers";
import { parse } from "csv-parse/sync";
import { expect, it } from "vitest";
import { api, expectOk, operatorLogin } from "../helpers";
import { storedDaysOfShards } from "../../worker/insight/books-days-shards";
import { movePlayer } from "../../worker/players/move";
import { formatDate } from "#shared/days";
import { toMoney } from "#shared/money";
import { at, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced } from "./move-helpers";
import {
  describeAtBothEnds,
  expectDaysClose,
  live,
  playerWhere,
  today,
  tomorrowClosedAt,
  yesterdayClosedAt,
} from "./move-books-helpers";

// The console's books per day (/api/admin/books/days) and the accountant's CSV after a move: summed
// over the shards, the move's line nets to nothing and the closing is what all shards hold.

async function csv(token: string, from: string, to: string) {
  const response = await exports.default.fetch("https://app.test/api/admin/books/days/export", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, from, to, lang: "en" }),
  });
  expect(response.status).toBe(200);
  return parse(await response.text(), { columns: true }) as Record<string, string>[];
}

describeAtBothEnds("the console's books per day after a move", ({ shards: s }) => {
  it("today and the closed day, summed over the shards, net the move to nothing", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 600_00, at(2, 10));
    await lockAt(a.id, 100_00, at(1, 10));
    await moveAt(a.id, 20_00, at(0, 0, 30));
    await expectDaysClose([0, 1, 2, 3], yesterdayClosedAt());
    expect(await movePlayer(d1Link(), a.username, s[2], Date.now())).toMatchObject({ status: "moved" });
    const token = await operatorLogin();
    const page = await api("/api/admin/books/days", { token, page: 1 });
    expectOk(page);
    const all = await Promise.all([0, 1, 2, 3].map(live));
    const players = all.reduce((t, s) => t + s.playersCents, 0);
    const finance = all.reduce((t, s) => t + s.financeCents, 0);
    expect(page.data.today.problems).toEqual([]);
    expect(page.data.today.closing.players).toBe(toMoney(players));
    expect(page.data.today.closing.finance).toBe(toMoney(finance));
    const moveLine = page.data.today.movements.filter((m: { kind: string }) => m.kind === "move");
    expect(moveLine).toEqual([
      { side: "players", kind: "move", amount: toMoney(0), rows: 2 },
      { side: "house", kind: "move", amount: toMoney(0), rows: 2 },
    ]);
    await expectDaysClose([0, 1, 2, 3], tomorrowClosedAt());
    const [summed] = await storedDaysOfShards(databasesOf(env).wallets, formatDate(today), formatDate(today));
    expect(summed).toMatchObject({ status: "closed", problems: [] });
    expect(summed.closing.playersCents).toBe(players);
    const rows = await csv(token, formatDate(today), formatDate(today));
    const moveRow = rows.find((r) => Object.values(r).includes("move"));
    expect(moveRow, JSON.stringify(rows)).toBeDefined();
    const closing = rows.find((r) => Object.values(r).includes("closing"))!;
    expect(JSON.stringify(closing)).toContain(String(players / 100));
    await expectEveryShardBalanced();
  });
});
