import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";

// A one-time message carried across a redirect (e.g. "Login password changed"), shown as a toast.
function flashCookie(context: AppLoadContext) {
  return createCookie("flash", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    secrets: [context.cloudflare.env.SESSION_SECRET],
  });
}

export async function readFlash(request: Request, context: AppLoadContext) {
  const cookie = flashCookie(context);
  const message = await cookie.parse(request.headers.get("Cookie"));
  if (typeof message !== "string" || !message) return { message: null, setCookie: null };
  return { message, setCookie: await cookie.serialize("", { maxAge: 0 }) };
}

/** Redirects with a toast; extra Set-Cookie values (a new session, say) ride along. */
export async function redirectWithToast(
  context: AppLoadContext,
  to: string,
  message: string,
  setCookies: string[] = [],
) {
  const headers = new Headers();
  headers.append("Set-Cookie", await flashCookie(context).serialize(message));
  for (const c of setCookies) headers.append("Set-Cookie", c);
  return redirect(to, { headers });
}
