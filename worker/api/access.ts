import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../config";

// Cloudflare Access in front of the console (docs/decisions/060-operator-sign-in.md): where
// ACCESS_TEAM_DOMAIN and ACCESS_AUD are set, every /admin page and /api/admin call carries the
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

/** The verified, lower-cased email of the request's Access token; null for none, a bad one or one without email. */
export async function verifiedAccessEmail(request: Request, access: NonNullable<Config["access"]>) {
  const token = request.headers.get("cf-access-jwt-assertion");
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
 * read it, whatever its spelling: percent-encoded letters decoded (Hono routes /api/%61dmin as /api/admin),
 * doubled slashes collapsed, any case. Dot segments are already resolved by the URL parser.
 */
export function isConsolePath(pathname: string) {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // a malformed escape routes nowhere; judge it as written
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  return path === "/admin" || path.startsWith("/admin/") || path === "/api/admin" || path.startsWith("/api/admin/");
}
