import type { ControlDb } from "../db/client";
import { type SQL, sql } from "drizzle-orm";
import { PLAYER_OFFSET_MS } from "#shared/days";
import { rounds } from "../db/schema";

// Figures counted by the day a round was drawn (UTC+8) read the bets in the wallet shards and the rounds in the
// control database (docs/decisions/161): the shard's query is told each round's day without a list of every
// round of the window.

export const dayOf = (column: string) => sql.raw(`date((${column} + ${PLAYER_OFFSET_MS}) / 1000, 'unixepoch')`);

/**
 * The part of a window each round was drawn in (its day, or a week of the window: `bucket` of the draw time
 * column, a text), for a query of a wallet shard, which has the bets but not the rounds (docs/decisions/161):
 * a round's id is in its part's range of ids (rounds drawn in it, from rounds_draw_time), save the few rounds
 * near a part's edge whose ids fall in another part's range, named one by one ("" for a round of no part: not
 * drawn in the window, or not settled when only settled rounds count). `ofBet` is a bet's part (b.round_id).
 */
export async function drawBuckets(
  control: ControlDb,
  q: { fromMs: number; toMs: number; bucket: (column: string) => SQL; settledOnly: boolean },
) {
  const settled = q.settledOnly ? sql`AND status = 'settled'` : sql``;
  const ranges = await control.all<{
    part: string;
    lo: number;
    hi: number;
  }>(sql`SELECT ${q.bucket("draw_at_ms")} AS part,
      MIN(id) AS lo, MAX(id) AS hi FROM ${rounds}
    WHERE draw_at_ms >= ${q.fromMs} AND draw_at_ms < ${q.toMs} ${settled} GROUP BY part ORDER BY part`);
  if (!ranges.length) return null;
  // written out, not bound (D1 binds at most 100 values a statement, a 90-day chart has 90 parts): the ids are
  // integers from the database, the parts dates or names of letters, digits and dashes
  const rangePart = (column: string) =>
    sql.raw(
      `CASE ${ranges
        .map(
          (r) =>
            `WHEN ${column} BETWEEN ${Number(r.lo)} AND ${Number(r.hi)} THEN '${r.part.replace(/[^0-9a-z-]/gi, "")}'`,
        )
        .join(" ")} END`,
    );
  const lo = Math.min(...ranges.map((r) => r.lo));
  const hi = Math.max(...ranges.map((r) => r.hi));
  const counted = q.settledOnly ? sql`status = 'settled' AND` : sql``;
  const drawn = sql`CASE WHEN ${counted} draw_at_ms >= ${q.fromMs} AND draw_at_ms < ${q.toMs} THEN ${q.bucket("draw_at_ms")} ELSE '' END`;
  const odd = await control.all<{ id: number; part: string }>(sql`SELECT id, ${drawn} AS part FROM ${rounds}
    WHERE id BETWEEN ${lo} AND ${hi} AND ${drawn} IS NOT ${rangePart("id")}`);
  const exceptions = JSON.stringify(Object.fromEntries(odd.map((r) => [r.id, r.part])));
  const ofBet = sql`COALESCE(json_extract(${exceptions}, '$."' || b.round_id || '"'), ${rangePart("b.round_id")})`;
  return { lo, hi, ofBet };
}

/** The day (UTC+8) each settled round of a window was drawn on (drawBuckets). */
export const drawDays = (control: ControlDb, fromMs: number, toMs: number) =>
  drawBuckets(control, { fromMs, toMs, bucket: dayOf, settledOnly: true });
