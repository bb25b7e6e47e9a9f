import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";

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
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

export function safeRedirectTarget(value: FormDataEntryValue | string | null, fallback = "/user"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export async function logoutRedirect(context: AppLoadContext, to = "/login") {
  return redirect(to, { headers: { "Set-Cookie": await clearTokenHeader(context) } });
}
