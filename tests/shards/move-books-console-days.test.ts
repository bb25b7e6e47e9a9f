import { databasesOf } from "../../worker/db/databases";
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { api, expectOk, operatorLogin } from "../helpers";
import { storedDaysOfShards } from "../../worker/insight/books-days-shards";
import { movePlayer } from "../../worker/players/move";
import { DAY_MS, formatDate } from "#shared/days";
import { at, moveAt } from "../books-past-rows";
import { d1Link, shardD1 } from "./move-helpers";
import {
  describeAtBothEnds,
  expectDaysClose,
  playerWhere,
  today,
  tomorrowClosedAt,
  yesterdayClosedAt,
} from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { ledger } from "../../worker/db/schema";

// A player with five days of history moved into a shard whose books began later (a shard added to take
// players, docs/decisions/115: "a new shard takes new players only, and npm run player -- move moves existing ones to
// it"). The days before the move were closed in every shard that had books; the console's summed days must still
// list them.

describeAtBothEnds("the console's days after a move into a newer shard", ({ shards: s }) => {
  it("lists the days before the move, closed in every shard that booked them", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 900_00, at(5, 10));
    await moveAt(a.id, 10_00, at(3, 10));
    const firstOwn = await shardD1(s[2])
      .prepare(`SELECT MIN(created_at_ms) AS at FROM ${quotedTable(ledger)}`)
      .first<{ at: number | null }>();
    // the newer shard booked nothing before the day before yesterday (its own rows, if any, are today's seed)
    expect(firstOwn!.at === null || firstOwn!.at >= at(2, 0)).toBe(true);
    await expectDaysClose([0, 1, 2, 3], yesterdayClosedAt());
    const before = await storedDaysOfShards(databasesOf(env).wallets, formatDate(at(5, 0)), formatDate(today - DAY_MS));
    expect(before.map((d) => d.day)).toEqual([1, 2, 3, 4, 5].map((n) => formatDate(today - n * DAY_MS)));

    expect(await movePlayer(d1Link(), a.username, s[2], Date.now())).toMatchObject({ status: "moved" });
    await expectDaysClose([0, 1, 2, 3], tomorrowClosedAt());
    const after = await storedDaysOfShards(databasesOf(env).wallets, formatDate(at(5, 0)), formatDate(today - DAY_MS));
    expect(after.map((d) => d.day)).toEqual(before.map((d) => d.day));
    // and the console's page shows them
    const token = await operatorLogin();
    const page = await api("/api/admin/books/days", { token, page: 1 });
    expectOk(page);
    expect(page.data.days.map((d: { day: string }) => d.day)).toEqual(
      expect.arrayContaining([formatDate(today - 5 * DAY_MS)]),
    );
  });
});
