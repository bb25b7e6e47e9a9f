import type { ControlDb } from "../db/client";
import { eq, sql } from "drizzle-orm";
import { runInOneBatch } from "../db/batch";
import { DAY_MS } from "#shared/days";
import { settings, rounds, orders, roundSettlements } from "../db/schema";

// Retention of rounds nobody bet on (docs/decisions/041-round-retention.md): a drawn round without an
// order is deleted once it is older than the retention; rounds with bets, void rounds and each room's
// latest round are kept for good. A cursor (the highest round id already walked, in the settings table)
// makes each run cost the same however much history is kept.

export const RETENTION_CURSOR_KEY = "rounds_retention_cursor";
/** Round ids walked per run at most: the cron runs every minute, far more than a day's rounds need. */
export const RETENTION_STEP = 5_000;

export type RetentionRun = { deleted: number; cursor: number };

/**
 * One bounded step: walks round ids after the cursor up to the first one still within the retention, deletes the walked rounds nobody bet on, and moves the cursor, in one batch.
 */
export async function pruneIdleRounds(db: ControlDb, nowMs: number, retentionDays: number): Promise<RetentionRun> {
  const cutoffMs = nowMs - retentionDays * DAY_MS;
  const stored = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, RETENTION_CURSOR_KEY))
    .get();
  const cursor = Math.max(0, Number.parseInt(stored?.value ?? "0", 10) || 0);
  // The walk stops before the first round still within the retention: ids grow with time, but rooms of
  // different lengths interleave, so a later id may be younger. An open round older than the retention
  // (a room stopped mid-round) is walked past and kept: only settled rounds are deleted.
  // Without a young round in the step, the walk takes the whole step (a gap of deleted ids too) but never
  // passes the newest id, as ids after it will be young rounds.
  const limit = await db.get<{ blocker: number | null; top: number | null }>(sql`SELECT
      (SELECT MIN(id) FROM ${rounds} WHERE id > ${cursor} AND id <= ${cursor + RETENTION_STEP}
         AND draw_at_ms >= ${cutoffMs}) AS blocker,
      (SELECT MAX(id) FROM ${rounds}) AS top`);
  const until = limit.blocker !== null ? limit.blocker - 1 : Math.min(cursor + RETENTION_STEP, limit.top ?? cursor);
  if (until <= cursor) return { deleted: 0, cursor };
  const [removed] = await runInOneBatch(db, [
    db.run(sql`DELETE FROM ${rounds}
      WHERE id > ${cursor} AND id <= ${until} AND status = 'settled' AND draw_at_ms < ${cutoffMs}
        AND NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders}.round_id = ${rounds}.id)
        AND NOT EXISTS (SELECT 1 FROM ${roundSettlements} s WHERE s.round_id = ${rounds}.id)
        AND seqno < (SELECT MAX(latest.seqno) FROM ${rounds} AS latest WHERE latest.room_id = ${rounds}.room_id)`),
    db
      .insert(settings)
      .values({ key: RETENTION_CURSOR_KEY, value: String(until) })
      .onConflictDoUpdate({ target: settings.key, set: { value: String(until) } }),
  ]);
  return { deleted: removed.meta.changes ?? 0, cursor: until };
}
