import { expect, it } from "vitest";
import { walletHandle } from "../../worker/db/client";
import { closeBooksDays } from "../../worker/insight/books-days";
import { movePlayer } from "../../worker/players/move";
import { formatDate } from "#shared/days";
import { at, lockAt, moveAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import {
  control,
  describeAtBothEnds,
  expectDaysClose,
  playerWhere,
  today,
  tomorrowClosedAt,
} from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { booksDays, ledger } from "../../worker/db/schema";

// A player whose money is all locked up moves into a shard that has booked nothing yet (docs/decisions/162): only
// their lock-up arrives, and that is where the new shard's books begin, so its day closes holding the lock-up.

describeAtBothEnds("a move of locked funds alone into a shard with no books yet", ({ shards: s }) => {
  it("begins the shard's books at the move, and its day closes with the lock-up", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 200_00, at(1, 9));
    await lockAt(a.id, 200_00, at(1, 10));
    const target = s[2];
    const rows = await shardD1(target)
      .prepare(`SELECT COUNT(*) AS n FROM ${quotedTable(ledger)}`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect(await movePlayer(d1Link(), a.username, target, Date.now())).toMatchObject({ status: "moved" });
    const result = await closeBooksDays(walletHandle(shardD1(target)), tomorrowClosedAt(), control());
    expect(result.refused).toBeNull();
    expect(result.closed).toEqual([formatDate(today)]);
    const day = await shardD1(target)
      .prepare(
        `SELECT finance_open_cents AS open, finance_close_cents AS close FROM ${quotedTable(booksDays)} WHERE day = ?`,
      )
      .bind(formatDate(today))
      .first<{ open: number; close: number }>();
    expect(day).toEqual({ open: 0, close: 200_00 });
    // the source's days close too, the lock-up leaving it today
    await expectDaysClose([s[0]], tomorrowClosedAt());
    await expectEveryShardBalanced();
  });
});
