// Ids across wallet shards (docs/decisions/161): every shard hands out its AUTOINCREMENT ids from a range of its
// own, so a request's, an order's or an audit row's id names one row in the whole deployment. The console and
// the API keep their numeric ids, and the shard that wrote a row is its id's range (a moved player's rows keep
// their ids, so a lookup that misses there asks the other shards). An id is unique, not an order: a higher
// shard's ids are all larger whatever their time, so a merged list sorts by time, then id
// (docs/decisions/163-merged-lists-follow-time.md). Shard 0 shares the control database's range: where it is
// the control database itself (npm start, a deployment that has not split), nothing changes.

import { ID_RANGE } from "#shared/request-ref";

/** The width of one shard's range (defined beside the requests' references): 255 shards stay below 2^53. */
export { ID_RANGE };

/** The first id a shard's tables hand out is one past this. */
export const idRangeBase = (shard: number) => shard * ID_RANGE;

/** The shard whose range an id is from (not always where the row is now: see above). */
export const shardOfId = (id: number) => Math.floor(id / ID_RANGE);

/**
 * Statements that start each AUTOINCREMENT table of a wallet shard's database at its range, run after its
 * migrations (scripts/migrate.mjs, tests/setup.ts). Idempotent: a counter already past the base is left alone.
 * SQLite's next id is one past the larger of sqlite_sequence's value and the table's highest id.
 */
export function idRangeStatements(shard: number): string[] {
  const base = idRangeBase(shard);
  if (base === 0) return [];
  const tables = `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%'`;
  return [
    `INSERT INTO sqlite_sequence (name, seq) SELECT name, ${base} FROM (${tables}) AS t
      WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence s WHERE s.name = t.name)`,
    `UPDATE sqlite_sequence SET seq = ${base} WHERE seq < ${base} AND name IN (${tables})`,
  ];
}
