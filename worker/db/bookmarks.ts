import { bookmarkOf, laterBookmark } from "./read-sessions";

// One D1 bookmark per database (docs/decisions/160, 161). A bookmark is a position in ONE database's
// history; once the wallet shards are databases of their own, a caller carries the control database's and
// each shard's it wrote to, as one opaque value: `c:<bookmark>~0:<bookmark>~3:<bookmark>` ("c" the control
// database, a number a wallet shard). A plain bookmark, as callers kept before, is the control database's.

export type BookmarkKey = "c" | `${number}`;
export type Bookmarks = Partial<Record<BookmarkKey, string>>;

export const CONTROL_KEY = "c";
export const shardKey = (shard: number): BookmarkKey => `${shard}`;

/** At most this many databases in one value: a caller touches its own shard and the control database. */
const MAX_ENTRIES = 64;
const ENTRY = /^(c|\d{1,3}):(.+)$/;

/** The caller's bookmarks; anything of the wrong shape is dropped, never passed to D1. */
export function parseBookmarks(value: string | null | undefined): Bookmarks {
  const out: Bookmarks = {};
  if (!value || value.length > MAX_ENTRIES * 300) return out;
  const entries = value.split("~");
  if (entries.length === 1 && !value.includes(":")) {
    const plain = bookmarkOf(value);
    if (plain) out.c = plain;
    return out;
  }
  for (const entry of entries.slice(0, MAX_ENTRIES)) {
    const match = ENTRY.exec(entry);
    const bookmark = bookmarkOf(match?.[2]);
    if (match && bookmark)
      out[match[1] as BookmarkKey] = laterBookmark(out[match[1] as BookmarkKey] ?? null, bookmark)!;
  }
  return out;
}

/** One value for a header or a cookie, or null when there is none; keys in a stable order. */
export function formatBookmarks(bookmarks: Bookmarks): string | null {
  const keys = (Object.keys(bookmarks) as BookmarkKey[]).sort((a, b) =>
    a === "c" ? -1 : b === "c" ? 1 : Number(a) - Number(b),
  );
  const entries = keys.filter((key) => bookmarks[key]).map((key) => `${key}:${bookmarks[key]}`);
  return entries.length ? entries.join("~") : null;
}

/** Each database's later bookmark of two sets. */
export function mergeBookmarks(...sets: Bookmarks[]): Bookmarks {
  const out: Bookmarks = {};
  for (const set of sets)
    for (const [key, bookmark] of Object.entries(set) as [BookmarkKey, string][])
      out[key] = laterBookmark(out[key] ?? null, bookmark)!;
  return out;
}

/** Two header values merged database by database (a page keeps the latest of its in-process calls). */
export const laterBookmarks = (a: string | null, b: string | null): string | null =>
  formatBookmarks(mergeBookmarks(parseBookmarks(a), parseBookmarks(b)));
