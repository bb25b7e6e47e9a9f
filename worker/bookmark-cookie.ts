import { formatBookmarks, parseBookmarks } from "./db/bookmarks";
import { generateCookie } from "hono/cookie";
import { requestCookie } from "./lib/cookies";

// Pages carry the D1 bookmark of the visitor's last write in a cookie (docs/decisions/160): each API call a
// page's loaders and actions make in-process starts at it, and the greatest bookmark they answer with is
// written back, one per database (worker/db/bookmarks.ts).

const COOKIE = "__d1b";

export function bookmarkFromCookie(request: Request): string | null {
  return formatBookmarks(parseBookmarks(requestCookie(request, COOKIE)));
}

/**
 * No secret in it (a position in the database's history), but no script needs it either. Written by hono/cookie, as
 * it is read: the value URI-encoded ("c:" as "c%3A"), read back decoded.
 */
export function bookmarkCookie(bookmark: string, secure: boolean): string {
  return generateCookie(COOKIE, bookmark, { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 86400, secure });
}
