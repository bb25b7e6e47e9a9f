import { ProductError } from "#shared/product-error";
import type { PageAt } from "./keyset";

/**
 * Pages by number are read with OFFSET, whose cost grows with the number: up to this page only.
 * Further pages are reached with the cursors every page answers (next / prev), which cost what the
 * first page costs (docs/decisions/112); a farther page by number is 1152.
 */
const PAGE_BY_NUMBER_MAX = 50;
const PAGE_TOO_FAR = 1152;

/**
 * A page of `limit` rows from the contract's `page` and the optional cursors. `keyWidth` is how many numbers the
 * list's key holds: a cursor of another width, handed out before the list's order changed (a page left open over
 * an update, docs/decisions/163-merged-lists-follow-time.md), is dropped and the first page served, as if none came.
 */
export function pageAt(
  form: { page: number; after?: number[] | null; before?: number[] | null },
  limit: number,
  keyWidth: number,
): PageAt {
  const fits = (key: number[] | null | undefined) => (key && key.length === keyWidth ? key : null);
  const after = fits(form.after);
  const before = after ? null : fits(form.before);
  // a dropped cursor's page number is the label of a page that no longer follows from it
  const page = (form.after || form.before) && !after && !before ? 1 : form.page;
  if (!after && !before && page > PAGE_BY_NUMBER_MAX) throw new ProductError(PAGE_TOO_FAR, { num: PAGE_BY_NUMBER_MAX });
  return { page, after, before, offset: (page - 1) * limit, limit };
}

const cursorText = (key: number[]) => key.join("_");

/**
 * A page of a list read with keysetLimit (one row more than a page): the rows in list order, hasMore
 * (older rows follow), and the cursors of the next and previous pages (null when there is none).
 */
export function pagedList<T, V>(rows: T[], at: PageAt, keyOf: (row: T) => number[], view: (row: T) => V) {
  const more = rows.length > at.limit;
  const read = rows.slice(0, at.limit);
  if (at.before) read.reverse();
  const list = read.map(view);
  const hasMore = at.before ? list.length > 0 : more;
  const hasNewer = at.before ? more : at.after !== null || at.page > 1;
  return {
    list,
    page: at.page,
    hasMore,
    next: hasMore && read.length ? cursorText(keyOf(read[read.length - 1])) : null,
    prev: hasNewer && read.length ? cursorText(keyOf(read[0])) : null,
  };
}

/** Page n of a list read with one row more than a page: the extra row only says there is more. */
export function pageOf<T>(rows: T[], page: number, pageSize: number) {
  return { list: rows.slice(0, pageSize), page, hasMore: rows.length > pageSize };
}
