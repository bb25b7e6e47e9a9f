import { expect, it } from "vitest";
import { walletHandle } from "../../worker/db/client";
import { closeBooksDays } from "../../worker/insight/books-days";
import { movePlayer } from "../../worker/players/move";
import { formatDate } from "#shared/days";
import { at, moveAt } from "../books-past-rows";
import { d1Link, shardD1 } from "./move-helpers";
import {
  control,
  describeAtBothEnds,
  expectDaysClose,
  playerWhere,
  today,
  tomorrowClosedAt,
  yesterdayClosedAt,
} from "./move-books-helpers";
import { ledger, users } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// The move's day refuses in the source for a reason of its own (a player's row whose house mirror is
// missing); the refusal names that row only, not the move's; once the mirror is written the day closes, move and all.

describeAtBothEnds("the move's day refused for another reason", ({ shards: s }) => {
  it("names only the broken row, and closes once it is mended", async () => {
    const a = await playerWhere((shard) => shard === s[0]);
    const other = await playerWhere((shard) => shard === s[0]);
    await moveAt(a.id, 250_00, at(1, 10));
    await expectDaysClose([s[0], s[1]], yesterdayClosedAt());
    expect(await movePlayer(d1Link(), a.username, s[1], Date.now())).toMatchObject({ status: "moved" });
    // a player's row with no house side, written today in the source
    const d1 = shardD1(s[0]);
    const now = Date.now();
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
           VALUES (?, 500, 0, 500, 'topup', 'half a row', 'review-half', ?)`,
        )
        .bind(other.id, now),
      d1.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 500 WHERE id = ?`).bind(other.id),
    ]);
    const refused = await closeBooksDays(walletHandle(d1), tomorrowClosedAt(), control());
    expect(refused.refused?.day).toBe(formatDate(today));
    const unpaired = refused.refused!.problems.filter((p) => p.kind === "unpaired");
    expect(unpaired).toEqual([expect.objectContaining({ key: "review-half" })]);
    // mended: the house's side, as the batch should have written it
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO ${quotedTable(ledger)} (user_id, amount_cents, before_cents, after_cents, type, reason, idempotency_key, created_at_ms)
           SELECT 1, -500, money_cents, money_cents - 500, 'topup', 'half a row', 'review-half:house', ? FROM ${quotedTable(users)} WHERE id = 1`,
        )
        .bind(now),
      d1.prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents - 500 WHERE id = 1`),
    ]);
    await expectDaysClose([s[0], s[1]], tomorrowClosedAt());
  });
});
