/**
 * What a background read of one of the app's JSON routes answered: its data, or why there is none. A session
 * that ended answers the sign-in page instead (the route's redirect, followed), which the caller turns into a
 * reload of the page's own data, whose loaders then lead to /login.
 */
export type JsonRead<T> = { ok: true; data: T } | { ok: false; signedOut: boolean };

/**
 * Reads a JSON route (/notice-count, /activity/{id}/live, /activity/{id}/record) with a plain fetch, outside
 * the Remix router (docs/decisions/164). A router fetcher would put its failure on the page: a poll that fails
 * while the network is down, or a reload of the page while the router still looks up the fetcher's route
 * (lazy route discovery), replaced the room with the error page. Here a failure is only a failed read.
 */
export async function readJson<T>(path: string, signal?: AbortSignal): Promise<JsonRead<T>> {
  try {
    const response = await fetch(path, { headers: { accept: "application/json" }, signal });
    if (response.redirected && new URL(response.url).pathname.startsWith("/login"))
      return { ok: false, signedOut: true };
    if (!response.ok || !response.headers.get("content-type")?.includes("application/json"))
      return { ok: false, signedOut: false };
    return { ok: true, data: (await response.json()) as T };
  } catch {
    return { ok: false, signedOut: false };
  }
}
