import type { UnreadCount } from "#shared/answers/account";
import type { PollAnswer, RecordPage } from "./game";

/**
 * What a background read of one of the app's JSON routes answered: its data, or why there is none. A session
 * that ended answers the sign-in page instead (the route's redirect, followed): `signIn` is then where to send
 * the player, back to the page they are on (a frozen account's flag kept, so /login says why).
 */
export type JsonRead<T> = { ok: true; data: T } | { ok: false; signIn: string | null };

/** The app's JSON routes a page reads in the background, by path as it is fetched (query included). */
type JsonPath = "/notice-count" | `/activity/${number}/live?${string}` | `/activity/${number}/record?${string}`;

/** What each JSON route answers (app/routes/notice-count.tsx, activity_.$id.live.tsx, activity_.$id.record.tsx). */
type JsonAnswer<P extends JsonPath> = P extends "/notice-count"
  ? UnreadCount
  : P extends `/activity/${number}/live?${string}`
    ? PollAnswer
    : RecordPage;

/**
 * Reads a JSON route (/notice-count, /activity/{id}/live, /activity/{id}/record) with a plain fetch, outside
 * the Remix router (docs/decisions/164). A router fetcher put its failure on the page: a poll that failed
 * while the network was down, or a reload of the page while the router still looked up the fetcher's route
 * (lazy route discovery), replaced the room with the error page. Here a failure is only a failed read; an
 * aborted one (another room, the popup closed) is a failed read too.
 */
export async function readJson<P extends JsonPath>(path: P, signal?: AbortSignal): Promise<JsonRead<JsonAnswer<P>>> {
  try {
    const response = await fetch(path, { headers: { accept: "application/json" }, signal });
    const landed = new URL(response.url, window.location.href);
    if (response.redirected && landed.pathname === "/login") return { ok: false, signIn: signInPath(landed) };
    if (!response.ok || !response.headers.get("content-type")?.includes("application/json"))
      return { ok: false, signIn: null };
    return { ok: true, data: (await response.json()) as JsonAnswer<P> };
  } catch {
    return { ok: false, signIn: null };
  }
}

/** /login for a read that was sent there: a frozen account's notice, or back to this page after signing in. */
function signInPath(login: URL): string {
  if (login.searchParams.get("frozen") === "1") return "/login?frozen=1";
  return `/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}
