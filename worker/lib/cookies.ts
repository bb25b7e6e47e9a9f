import { Context } from "hono";
import { getCookie } from "hono/cookie";

// Cookies are read with Hono's cookie helper, also for a request that does not reach the Hono app (a page's
// database bookmark, Cloudflare Access's token on the console's route manifest): one parser for every cookie.

/** The named cookie's value as the request sends it (percent-decoded); undefined when it sends none. */
export const requestCookie = (request: Request, name: string): string | undefined =>
  getCookie(new Context(request), name);
