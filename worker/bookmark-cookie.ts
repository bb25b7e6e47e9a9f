import { formatBookmarks, parseBookmarks } from "./db/bookmarks";
import { requestCookie } from "./lib/cookies";

// Pages carry the D1 bookmark of the visitor's last write in a cookie (docs/decisions/160): each API call a
// page's loaders and actions make in-process starts at it, and the greatest bookmark they answer with is
// written back, one per database (worker/db/bookmarks.ts).

const COOKIE = "__d1b";

export function bookmarkFromCookie(request: Request): string | null {
  return formatBookmarks(parseBookmarks(requestCookie(request, COOKIE)));
}

/** No secret in it (a position in the database's history), but no script needs it either. */
export function bookmarkCookie(bookmark: string, secure: boolean): string {
  return `${COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure ? "; Secure" : ""}`;
}
