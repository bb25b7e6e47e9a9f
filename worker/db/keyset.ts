import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Where a page of a list starts (docs/decisions/112): after the last row shown (the next page),
 * before the first one (the previous page), or at a row count for a page asked by number (bounded
 * by the API, worker/db/paging.ts). Keys are the list's sort columns, last the unique id.
 */
export type PageAt = { page: number; after: number[] | null; before: number[] | null; offset: number; limit: number };

/** The first page: what a list's own screens and the operator's file of a player read. */
export const firstPage = (limit: number): PageAt => ({ page: 1, after: null, before: null, offset: 0, limit });

type Direction = "desc" | "asc";

const tuple = (parts: (SQLWrapper | number)[]) =>
  sql`(${sql.join(
    parts.map((p) => sql`${p}`),
    sql`, `,
  )})`;

/**
 * The keyset condition: rows past the cursor in the list's order (a row value comparison, which
 * SQLite answers as a range of the index whose columns are the sort columns), or undefined.
 */
export function keysetWhere(columns: SQLWrapper[], at: PageAt, direction: Direction): SQL | undefined {
  const key = at.after ?? at.before;
  if (!key || key.length !== columns.length) return undefined;
  const older = (direction === "desc") === (at.after !== null);
  return sql`${tuple(columns)} ${sql.raw(older ? "<" : ">")} ${tuple(key)}`;
}

/** The ORDER BY of a page: the list's order, turned around to read the rows before a cursor. */
export function keysetOrder(columns: SQLWrapper[], at: PageAt, direction: Direction): SQL[] {
  const flip = at.before !== null;
  const dir = sql.raw((direction === "desc") !== flip ? "DESC" : "ASC");
  return columns.map((column) => sql`${column} ${dir}`);
}

/** LIMIT / OFFSET of a page: one row more than a page, to tell whether more follow. */
export const keysetLimit = (at: PageAt) => ({ limit: at.limit + 1, offset: at.after || at.before ? 0 : at.offset });

// Lists read from several databases (the wallet shards, docs/decisions/161): each database answers one page
// past the cursor in the list's order, and the merged page is the first rows of their union in that order.

/** The order a page's rows come back in from keysetOrder: the list's order, turned around before a cursor. */
const readsDescending = (at: PageAt, direction: Direction) => (direction === "desc") !== (at.before !== null);

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * What each database is asked for: the same cursor page, or for a page by number the first rows up to and
 * including it (the merged page's rows are among every database's first offset + limit rows).
 */
const pageOfEach = (at: PageAt): PageAt =>
  at.after || at.before || at.offset === 0 ? at : { ...at, offset: 0, limit: at.offset + at.limit };

/**
 * One page of a list kept in several databases, in the form one database's keyset read answers (the rows of
 * keysetLimit in keysetOrder's order), for pagedList. `read` runs the list's own query in one database; the
 * key of a row must be unique across the databases (ids from each shard's own range, worker/db/id-ranges.ts,
 * or a source number as its last part where two databases share a range: see sourceKeyset), and start with the
 * list's time: an id range is no order across shards (docs/decisions/163-merged-lists-follow-time.md).
 */
export async function mergedPage<D, T>(
  databases: D[],
  at: PageAt,
  direction: Direction,
  keyOf: (row: T) => number[],
  read: (db: D, at: PageAt, index: number) => Promise<T[]>,
): Promise<T[]> {
  const each = pageOfEach(at);
  const pages = await Promise.all(databases.map((db, index) => read(db, each, index)));
  const sign = readsDescending(at, direction) ? -1 : 1;
  const rows = pages.flat().sort((a, b) => sign * compareKeys(keyOf(a), keyOf(b)));
  const { limit, offset } = keysetLimit(at);
  return rows.slice(offset, offset + limit);
}

/**
 * The keyset condition of one database in a list whose key ends with the number of the database it came from
 * (`source`, not a column): rows whose columns pass the cursor's, and on a tie those of a source past the
 * cursor's. Two databases that share an id range (the control database and shard 0, when they are two) so
 * never show a row twice or skip one at a page's edge.
 */
export function sourceKeysetWhere(columns: SQLWrapper[], at: PageAt, direction: Direction, source: number) {
  const key = at.after ?? at.before;
  if (!key || key.length !== columns.length + 1) return undefined;
  const older = (direction === "desc") === (at.after !== null);
  const cursorSource = key[columns.length];
  const tiePasses = older ? source < cursorSource : source > cursorSource;
  const op = (older ? "<" : ">") + (tiePasses ? "=" : "");
  return sql`${tuple(columns)} ${sql.raw(op)} ${tuple(key.slice(0, columns.length))}`;
}
