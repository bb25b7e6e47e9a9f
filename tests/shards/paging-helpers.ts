import { expect } from "vitest";
import type { PageAt } from "../../worker/db/keyset";
import { pageAt, pagedList } from "../../worker/db/paging";

// Paging a list as the console does (docs/decisions/112): forward by each page's next cursor to the last page,
// then back by the prev cursors to the first. A list that orders its databases' rows one way and its cursors
// another repeats or skips rows at a page's edge; both walks must show every row once, in the list's order.

// the cursors it passes are the list's own, so the key's width is theirs
const cursor = (text: string | null) => (text ? text.split("_").map(Number) : null);

/** Both walks of a list read by `read` (one merged page of keysetLimit rows), `size` rows a page. */
export async function pagesBothWays<T, V = number>(
  read: (at: PageAt) => Promise<T[]>,
  keyOf: (row: T) => number[],
  size: number,
  view: (row: T) => V = (row) => (row as { id: V }).id,
): Promise<{ forward: V[]; backward: V[] }> {
  const forward: V[] = [];
  let page = { list: [] as V[], next: null as string | null, prev: null as string | null };
  let after: number[] | null = null;
  for (let n = 0; n < 100; n++) {
    const at = pageAt({ page: 1, after }, size, after?.length ?? 0);
    page = pagedList(await read(at), at, keyOf, view);
    forward.push(...page.list);
    after = cursor(page.next);
    if (!after) break;
  }
  expect(after, "more pages than rows").toBeNull();
  const backward = [...page.list];
  let before = cursor(page.prev);
  for (let n = 0; before && n < 100; n++) {
    const at = pageAt({ page: 1, before }, size, before.length);
    const earlier = pagedList(await read(at), at, keyOf, view);
    backward.unshift(...earlier.list);
    before = cursor(earlier.prev);
  }
  return { forward, backward };
}
