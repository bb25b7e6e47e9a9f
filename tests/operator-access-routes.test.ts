import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { SignJWT, generateKeyPair, importJWK, type CryptoKey } from "jose";
// @ts-ignore The Remix server build exists once `npm run build` has run (the tests' build, docs/testing.md).
import * as remixBuild from "../build/server";
import { message } from "../shared/messages";
import { fetchWith } from "./worker-with";
import { ACCESS_TEST_AUDIENCE } from "./support/access-server.mjs";

// Every console URL the Worker serves is behind Cloudflare Access at the Worker's entry, before Remix
// (docs/decisions/169, worker/api/access.ts): this walks Remix's route manifest, so a console route added
// later is checked as soon as it exists, and asks each one's page, its single-fetch `.data` URL and its
// `?_data=` URL, in the spellings Remix would still route, and Remix's route manifest of its path (lazy route
// discovery, docs/decisions/184), without an Access token.

const ACCESS = { ACCESS_TEAM_DOMAIN: inject("accessTeamUrl"), ACCESS_AUD: ACCESS_TEST_AUDIENCE };

type ServerRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } };
const build = remixBuild as unknown as { routes: Record<string, ServerRoute>; assets: { version: string } };
const routes = build.routes;

/** A route's whole URL path, its parents' joined, a sample value for each parameter, no optional segment. */
function segmentsOf(route: ServerRoute): string[] {
  const own = (route.path ?? "")
    .split("/")
    .filter((segment) => segment !== "" && !segment.endsWith("?"))
    .map((segment) => (segment.startsWith(":") ? "1" : segment));
  return [...(route.parentId ? segmentsOf(routes[route.parentId]) : []), ...own];
}
const urlPathOf = (route: ServerRoute) => `/${segmentsOf(route).join("/")}`;

const consoleRoutes = Object.values(routes)
  .map((route) => ({ route, path: urlPathOf(route) }))
  .filter(({ path }) => path === "/admin" || path.startsWith("/admin/"));

/** The URLs one console route is served at: its page, its data, in the spellings the routers accept. */
function urlsOf({ route, path }: { route: ServerRoute; path: string }): string[] {
  const rest = path.slice("/admin".length);
  const data = path === "/" ? "/_root.data" : `${path}.data`;
  return [
    path,
    `${path}/`,
    path.toUpperCase(),
    `/%61dmin${rest}`,
    `/%41DMIN${rest}`,
    `/${path}`,
    `/admin/${rest}`,
    data,
    `/ADMIN${rest}.data`,
    `/%61dmin${rest}.data`,
    `/${data}`,
    `${path}/.data`.replace("/.data", ".data/"),
    `${path}?_data=${encodeURIComponent(route.id)}`,
    `/?_data=${encodeURIComponent(route.id)}`,
    `${data}?_routes=${encodeURIComponent(route.id)}`,
  ];
}

const REFUSAL = message("en", "1236");

/** Remix's route manifest for some paths (v3_lazyRouteDiscovery: what a page's client asks before following a link). */
const manifestUrl = (paths: string[]) => {
  const url = new URL("https://app.test/__manifest");
  for (const path of paths) url.searchParams.append("p", path);
  url.searchParams.set("version", build.assets.version);
  return url.href;
};

describe("every console route of the Remix build behind Access", () => {
  it("finds the console's routes in the build: the layout, its screens, the sign-in and enrolment", () => {
    const ids = consoleRoutes.map(({ route }) => route.id);
    for (const id of ["routes/admin", "routes/admin._index", "routes/admin_.login", "routes/admin_.enrol"])
      expect(ids).toContain(id);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    // a route file named for the console is mounted under /admin, where the guard looks
    for (const route of Object.values(routes))
      if (/^routes\/admin[._]|^routes\/admin$/.test(route.id)) expect(urlPathOf(route), route.id).toMatch(/^\/admin/);
  });

  it("refuses each one's page, .data and ?_data= URLs, however spelled, without an Access token", async () => {
    const through: string[] = [];
    const refused = async (what: string, response: Response) => {
      const text = await response.text();
      if (response.status !== 403 || text !== REFUSAL) through.push(`${what} ${response.status}`);
    };
    for (const entry of consoleRoutes) {
      for (const url of urlsOf(entry))
        await refused(`GET ${url}`, await fetchWith(ACCESS, `https://app.test${url}`, { method: "GET" }));
      if (!entry.route.module.action) continue;
      // a form post to the route's action, as the browser sends it (same origin)
      for (const url of [entry.path, `${entry.path}.data`, `/%61dmin${entry.path.slice(6)}.data`]) {
        const posted = await fetchWith(ACCESS, `https://app.test${url}`, {
          method: "POST",
          headers: { origin: "https://app.test", "content-type": "application/x-www-form-urlencoded" },
          body: "intent=x",
        });
        await refused(`POST ${url}`, posted);
      }
    }
    expect(through).toEqual([]);
  });

  it("refuses Remix's route manifest (lazy route discovery) for each one's path, however spelled, without an Access token", async () => {
    const through: string[] = [];
    for (const { path } of consoleRoutes) {
      const rest = path.slice("/admin".length);
      // Remix adds a leading slash, decodes and matches in any case; a console path among the player's is asked too
      for (const asked of [
        [path],
        [path.slice(1)],
        [path.toUpperCase()],
        [`/%61dmin${rest}`],
        [`/${path}`],
        ["/login", path],
      ]) {
        const response = await fetchWith(ACCESS, manifestUrl(asked), { method: "GET" });
        const text = await response.text();
        if (response.status !== 403 || text !== REFUSAL)
          through.push(`${asked.join(" ")} ${response.status} ${text.slice(0, 80)}`);
      }
    }
    expect(through).toEqual([]);
  });

  it("answers a console path's route manifest to the operator's browser, whose token is the CF_Authorization cookie there", async () => {
    const now = Math.floor(Date.now() / 1000);
    const signed = (key: CryptoKey) =>
      new SignJWT({ email: "desk.lead@company.test", type: "app" })
        .setProtectedHeader({ alg: "RS256", kid: "roundtable-test-key-1" })
        .setIssuer(ACCESS.ACCESS_TEAM_DOMAIN)
        .setAudience(ACCESS_TEST_AUDIENCE)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + 300)
        .sign(key);
    const token = await signed((await importJWK(JSON.parse(inject("accessPrivateJwk")), "RS256")) as CryptoKey);
    const forged = await signed((await generateKeyPair("RS256")).privateKey);
    const url = manifestUrl(["/admin/players"]);
    const answered = await fetchWith(ACCESS, url, {
      method: "GET",
      headers: { cookie: `lang=en; CF_Authorization=${token}` },
    });
    expect(answered.status).toBe(200);
    expect(Object.keys((await answered.json()) as object)).toContain("routes/admin.players._index");
    const viaHeader = await fetchWith(ACCESS, url, { method: "GET", headers: { "cf-access-jwt-assertion": token } });
    expect(viaHeader.status).toBe(200);
    const refused = await fetchWith(ACCESS, url, { method: "GET", headers: { cookie: `CF_Authorization=${forged}` } });
    expect([refused.status, await refused.text()]).toEqual([403, REFUSAL]);
    // the cookie stands for the header only there: a console page still asks for the header
    const page = await fetchWith(ACCESS, "https://app.test/admin", {
      method: "GET",
      headers: { cookie: `CF_Authorization=${token}` },
    });
    expect(page.status).toBe(403);
  });

  it("leaves the player's pages as they were", async () => {
    for (const url of ["/login", "/login.data", "/_root.data", "/administrator-notes"]) {
      const response = await fetchWith(ACCESS, `https://app.test${url}`, { method: "GET" });
      expect(response.status, url).not.toBe(403);
    }
    // and the route manifest of the player's paths, which every player's page asks before following a link
    const manifest = await fetchWith(ACCESS, manifestUrl(["/login", "/user"]), { method: "GET" });
    expect(manifest.status).toBe(200);
    expect(Object.keys((await manifest.json()) as object)).toContain("routes/login");
  });
});
