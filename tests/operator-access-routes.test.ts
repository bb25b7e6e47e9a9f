import { describe, expect, it } from "vitest";
import { inject } from "vitest";
// @ts-ignore The Remix server build exists once `npm run build` has run (the tests' build, docs/testing.md).
import * as remixBuild from "../build/server";
import { message } from "../shared/messages";
import { fetchWith } from "./worker-with";
import { ACCESS_TEST_AUDIENCE } from "./support/access-server.mjs";

// Every console URL the Worker serves is behind Cloudflare Access at the Worker's entry, before Remix
// (docs/decisions/169, worker/api/access.ts): this walks Remix's route manifest, so a console route added
// later is checked as soon as it exists, and asks each one's page, its single-fetch `.data` URL and its
// `?_data=` URL, in the spellings Remix would still route, without an Access token.

const ACCESS = { ACCESS_TEAM_DOMAIN: inject("accessTeamUrl"), ACCESS_AUD: ACCESS_TEST_AUDIENCE };

type ServerRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } };
const routes = (remixBuild as unknown as { routes: Record<string, ServerRoute> }).routes;

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

  it("leaves the player's pages as they were", async () => {
    for (const url of ["/login", "/login.data", "/_root.data", "/administrator-notes"]) {
      const response = await fetchWith(ACCESS, `https://app.test${url}`, { method: "GET" });
      expect(response.status, url).not.toBe(403);
    }
  });
});
