import { expect, it } from "vitest";
import { walletHandle } from "../../worker/db/client";
import { CLOSE_AFTER_MS, closeBooksDays, todaySoFar } from "../../worker/insight/books-days";
import { movePlayer } from "../../worker/players/move";
import { DAY_MS, formatDate } from "#shared/days";
import { at, betAt, lockAt, moveAt, settleAt } from "../books-past-rows";
import { d1Link, expectEveryShardBalanced, shardD1 } from "./move-helpers";
import { control, describeAtBothEnds, live, playerWhere, today } from "./move-books-helpers";
import { quotedTable } from "../../worker/db/quoted-table";
import { booksDays } from "../../worker/db/schema";

// A move and the books per day (docs/decisions/162): the move is booked at its instant in both shards, the player's
// history staying in the books of the shard that booked it, so the days closed before stay as they were and the move's
// day closes in both.

const storedDays = async (shard: number) =>
  (
    await shardD1(shard)
      .prepare(`SELECT * FROM ${quotedTable(booksDays)} ORDER BY day`)
      .all()
  ).results;

describeAtBothEnds("a move in the books per day", ({ shards: s }) => {
  it("is booked on its day in both shards: the days before stay closed, the move's day closes in both", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    const stays = await playerWhere((shard) => shard === a.shard);
    const there = await playerWhere((shard) => shard === s[2]);
    const source = a.shard;
    // three days of history: a deposit, a lock-up, a stake late yesterday in a round drawn after midnight (it wins
    // 99.00), a deposit this morning; the others' own movements in both shards
    await moveAt(a.id, 800_00, at(3, 10));
    await lockAt(a.id, 300_00, at(2, 11));
    const round = await betAt(a.id, 50_00, at(1, 23, 50));
    await settleAt(round, at(0, 0, 10), source, shardD1(source));
    await moveAt(a.id, 30_00, at(0, 0, 20));
    await moveAt(stays.id, 100_00, at(2, 9));
    await moveAt(there.id, 200_00, at(2, 9));
    await moveAt(there.id, 10_00, at(0, 0, 5));

    // the days up to yesterday close in both shards
    const closingAt = Math.max(Date.now(), today + CLOSE_AFTER_MS);
    for (const shard of [source, s[2]]) {
      const result = await closeBooksDays(walletHandle(shardD1(shard)), closingAt, control());
      expect(result.refused, `shard ${shard}`).toBeNull();
    }
    const closedBefore = { source: await storedDays(source), target: await storedDays(s[2]) };
    expect(closedBefore.source.at(-1)).toMatchObject({ day: formatDate(today - DAY_MS), in_play_close_cents: 50_00 });

    await movePlayer(d1Link(), a.username, s[2], Date.now());
    const balance = 800_00 - 300_00 - 50_00 + 99_00 + 30_00;

    // today so far: the move's balance leaves one shard and arrives in the other, each against its house
    const movedToday = async (shard: number) => {
      const statement = await todaySoFar(walletHandle(shardD1(shard)), Date.now(), control());
      expect(statement.problems, `shard ${shard}`).toEqual([]);
      const now = await live(shard);
      expect(statement.closing).toMatchObject(now);
      return statement.movements.filter((m) => m.kind === "move");
    };
    expect(await movedToday(source)).toEqual([
      { side: "players", kind: "move", cents: -balance, rows: 1 },
      { side: "house", kind: "move", cents: balance, rows: 1 },
    ]);
    expect(await movedToday(s[2])).toEqual([
      { side: "players", kind: "move", cents: balance, rows: 1 },
      { side: "house", kind: "move", cents: -balance, rows: 1 },
    ]);
    // the lock-up went with the player
    expect((await live(s[2])).financeCents).toBe(300_00);
    expect((await live(source)).financeCents).toBe(0);

    // the days before stay as they were; the move's day closes in both shards and tomorrow opens from it
    expect(await storedDays(source)).toEqual(closedBefore.source);
    expect(await storedDays(s[2])).toEqual(closedBefore.target);
    const tomorrow = Math.max(Date.now(), today + DAY_MS + CLOSE_AFTER_MS);
    for (const shard of [source, s[2]]) {
      const result = await closeBooksDays(walletHandle(shardD1(shard)), tomorrow, control());
      expect(result.refused, `shard ${shard}`).toBeNull();
      expect(result.closed).toContain(formatDate(today));
      const next = await todaySoFar(walletHandle(shardD1(shard)), today + DAY_MS + 60_000, control());
      expect(next.problems, `shard ${shard} the day after`).toEqual([]);
    }
    await expectEveryShardBalanced();
  });

  it("leaves the days not closed yet at the move to close later in both shards, the player's rows in the source's", async () => {
    const [from, to] = [s[0], s[1]];
    const a = await playerWhere((shard) => shard === from);
    const there = await playerWhere((shard) => shard === to);
    // nothing of these two shards is closed: the cron has not run since the day before yesterday
    await moveAt(a.id, 500_00, at(2, 10));
    await lockAt(a.id, 200_00, at(1, 9));
    await moveAt(a.id, 25_00, at(0, 0, 30));
    await moveAt(there.id, 70_00, at(2, 8));
    expect(await storedDays(from)).toEqual([]);
    expect(await storedDays(to)).toEqual([]);

    await movePlayer(d1Link(), a.username, to, Date.now());

    const tomorrow = Math.max(Date.now(), today + DAY_MS + CLOSE_AFTER_MS);
    const days = [2, 1, 0].map((n) => formatDate(today - n * DAY_MS));
    for (const shard of [from, to]) {
      const result = await closeBooksDays(walletHandle(shardD1(shard)), tomorrow, control());
      expect(result.refused, `shard ${shard}`).toBeNull();
      expect(result.closed).toEqual(days);
    }
    // the player's days before the move are the source's: their deposit and lock-up there, none of it in the target
    const closed = async (shard: number) =>
      (
        await shardD1(shard)
          .prepare(`SELECT * FROM ${quotedTable(booksDays)} ORDER BY day`)
          .all<Record<string, number | string>>()
      ).results;
    const [sourceDays, targetDays] = [await closed(from), await closed(to)];
    expect(sourceDays.map((d) => d.finance_close_cents)).toEqual([0, 200_00, 0]);
    expect(targetDays.map((d) => d.finance_close_cents)).toEqual([0, 0, 200_00]);
    expect(sourceDays[0].players_close_cents).toBe(500_00);
    expect(targetDays[0].players_close_cents).toBe(70_00);
    // today ends on what each shard holds (the seed's players are today's, wherever they are)
    expect(sourceDays[2].players_close_cents).toBe((await live(from)).playersCents);
    expect(targetDays[2].players_close_cents).toBe((await live(to)).playersCents);
    const moved = (day: Record<string, number | string>) =>
      (JSON.parse(String(day.movements)) as { side: string; kind: string; cents: number }[]).filter(
        (m) => m.kind === "move",
      );
    const balance = 500_00 - 200_00 + 25_00;
    expect(moved(sourceDays[2])).toEqual([
      { side: "players", kind: "move", cents: -balance, rows: 1 },
      { side: "house", kind: "move", cents: balance, rows: 1 },
    ]);
    expect(moved(targetDays[2])).toEqual([
      { side: "players", kind: "move", cents: balance, rows: 1 },
      { side: "house", kind: "move", cents: -balance, rows: 1 },
    ]);
    await expectEveryShardBalanced();
  });
});
