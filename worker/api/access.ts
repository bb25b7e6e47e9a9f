import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../config";
import { requestCookie } from "../lib/cookies";

// Cloudflare Access in front of the console (docs/decisions/060-operator-sign-in.md): where
// ACCESS_TEAM_DOMAIN and ACCESS_AUD are set, every console URL (worker/index.ts: /admin pages, their Remix data requests, /api/admin calls) carries the
// Cf-Access-Jwt-Assertion token Access adds; it is verified here with `jose` (RS256 only, the team's
// published keys at /cdn-cgi/access/certs, issuer, audience, expiry), and the operator's session is
// bound to the email it names. Cloudflare's guide: validate this header, not the CF_Authorization cookie.

/** The header the Worker itself sets to the verified email, after removing any a client sent. */
export const ACCESS_EMAIL_HEADER = "x-roundtable-access-email";

// One key set per team, kept across requests: jose refetches it when a token names an unknown key.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySetOf(teamUrl: string) {
  let keys = keySets.get(teamUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${teamUrl}/cdn-cgi/access/certs`));
    keySets.set(teamUrl, keys);
  }
  return keys;
}

/** The CF_Authorization cookie's value: the same application token, which a browser sends on every path of the host. */
const accessCookie = (request: Request) => requestCookie(request, "CF_Authorization") || null;

/**
 * The verified, lower-cased email of the request's Access token; null for none, a bad one or one without email.
 * The token is the header Access adds to the requests of the application's paths; a request outside them (Remix's
 * route manifest, see isConsoleUrl) may carry it only in the CF_Authorization cookie, checked the same way when
 * `cookie` is set.
 */
export async function verifiedAccessEmail(
  request: Request,
  access: NonNullable<Config["access"]>,
  { cookie = false }: { cookie?: boolean } = {},
) {
  const token = request.headers.get("cf-access-jwt-assertion") ?? (cookie ? accessCookie(request) : null);
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, keySetOf(access.teamUrl), {
      algorithms: ["RS256"],
      audience: access.audience,
      issuer: access.teamUrl,
      requiredClaims: ["exp", "email"],
    });
    return typeof payload.email === "string" && payload.email.includes("@") ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a path is the console's, pages and API: what Access guards. Judged on the path as the routers
 * read it, whatever its spelling: percent-encoded letters decoded (Hono routes /api/%61dmin as /api/admin,
 * Remix /%61dmin as /admin), doubled and trailing slashes collapsed, any case, and a Remix data request's
 * `.data` suffix taken off (/admin.data is the /admin route's loader, /_root.data the root's). Dot segments
 * are already resolved by the URL parser.
 */
export function isConsolePath(pathname: string) {
  const path = routerPath(pathname);
  return path === "/admin" || path.startsWith("/admin/") || path === "/api/admin" || path.startsWith("/api/admin/");
}

/** A path as the routers read it: decoded, lower case, slashes collapsed, no trailing slash or `.data` suffix. */
function routerPath(pathname: string) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // a malformed escape routes nowhere; judge it as written
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  path =
    path
      .replace(/\/+$/, "")
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/";
  return path;
}

/**
 * A Remix route id of the console (app/routes/admin*.tsx: `routes/admin`, `routes/admin.players._index`,
 * `routes/admin_.login`): a `?_data=` or `?_routes=` naming one asks for a console loader's data, whatever
 * the path.
 */
const CONSOLE_ROUTE_ID = /(?:^|,)\s*routes\/admin(?:$|[._,])/i;

/**
 * Whether a URL asks Remix's route manifest (v3_lazyRouteDiscovery: `/__manifest?p=<path>&version=...`, what a
 * page's client asks before following a link) for a console path: the answer lists the console's routes, their
 * URLs' parameters, which have loaders and actions, and their modules. Remix adds a missing leading slash, decodes
 * the path and matches in any case, as isConsolePath reads it.
 */
export function asksConsoleManifest(url: URL) {
  if (routerPath(url.pathname) !== "/__manifest") return false;
  return url.searchParams.getAll("p").some((path) => isConsolePath(path.startsWith("/") ? path : `/${path}`));
}

/**
 * Whether a request's URL is the console's: its path (isConsolePath), a Remix data request naming a console route,
 * or the route manifest of a console path (asksConsoleManifest).
 */
export function isConsoleUrl(url: URL) {
  if (isConsolePath(url.pathname) || asksConsoleManifest(url)) return true;
  return ["_data", "_routes"].some((name) => url.searchParams.getAll(name).some((id) => CONSOLE_ROUTE_ID.test(id)));
}
