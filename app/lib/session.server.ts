import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";

const SESSION_MAX_AGE_S = 7 * 24 * 60 * 60;

// The player's API token lives only in this HttpOnly cookie: page scripts never see it.
function sessionCookie(context: AppLoadContext) {
  return createCookie("__session", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_MAX_AGE_S,
    secrets: [context.cloudflare.env.SESSION_SECRET],
  });
}

export async function getToken(request: Request, context: AppLoadContext): Promise<string> {
  const value = await sessionCookie(context).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : "";
}

export async function setTokenHeader(context: AppLoadContext, token: string): Promise<string> {
  return sessionCookie(context).serialize(token);
}

export async function clearTokenHeader(context: AppLoadContext): Promise<string> {
  return sessionCookie(context).serialize("", { maxAge: 0 });
}

/** Where a guest goes, remembering the page to come back to (only our own paths). */
export function loginRedirectPath(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(safeRedirectTarget(url.pathname + url.search))}`;
}

const PROBE_ORIGIN = "http://same-origin.invalid";
// Backslashes (browsers read "\" as "/") and control characters (tab, CR, LF, NUL are dropped or split
// headers) are refused anywhere; encoded slashes, backslashes or control characters in the path part
// (a query may carry an encoded path back, e.g. redirectTo=%2Fwithdraw).
const HOSTILE = /[\\\u0000-\u001f\u007f]/;
const HOSTILE_IN_PATH = /%(?:2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i;

/**
 * The one check of every redirect target taken from a request (login, register, forms' redirectTo):
 * only a path of this site, never anything a browser could read as another host; else `fallback`.
 * The answer is the path as the URL parser normalised it, so what is checked is what is sent.
 */
export function safeRedirectTarget(value: FormDataEntryValue | string | null, fallback = "/user"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || HOSTILE.test(value))
    return fallback;
  if (HOSTILE_IN_PATH.test(value.split(/[?#]/, 1)[0])) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
