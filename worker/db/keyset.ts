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
