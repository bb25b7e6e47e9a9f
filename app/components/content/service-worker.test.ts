import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";

// public/sw.js run in a stand-in ServiceWorker global: what it answers, and what it keeps.

const ORIGIN = "https://app.example";
const source = readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8");

type FakeRequest = { url: string; method: string; mode: string };
const keyOf = (r: string | FakeRequest | Request) => new URL(typeof r === "string" ? r : r.url, ORIGIN).href;

class FakeCache {
  entries = new Map<string, Response>();
  async match(r: string | FakeRequest) {
    return this.entries.get(keyOf(r))?.clone();
  }
  async put(r: string | FakeRequest, response: Response) {
    this.entries.set(keyOf(r), response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(r: string | FakeRequest) {
    return this.entries.delete(keyOf(r));
  }
}

let stores: Map<string, FakeCache>;
let fetched: string[];
let online: boolean;
let handlers: Record<string, (event: unknown) => void>;

function served(url: string, body = `body of ${url}`) {
  const response = new Response(body, { status: 200, headers: { "content-type": "text/plain" } });
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}

function loadWorker() {
  stores = new Map();
  fetched = [];
  online = true;
  handlers = {};
  const caches = {
    open: async (name: string) => stores.get(name) ?? stores.set(name, new FakeCache()).get(name)!,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (r: string) => {
      for (const store of stores.values()) {
        const hit = await store.match(r);
        if (hit) return hit;
      }
      return undefined;
    },
  };
  const fetch = async (r: string | FakeRequest) => {
    const url = keyOf(r);
    fetched.push(url);
    if (!online) throw new TypeError("Failed to fetch");
    return served(url);
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, handler: (event: unknown) => void) => (handlers[type] = handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  runInNewContext(source, { self, caches, fetch, Response, URL, console, Promise, Set, Array, Error, TypeError });
}

/** The static routes the worker declared at install (InstallEvent.addRoutes), when the browser offered them. */
let routes: RouterRule[];
type RouterCondition = {
  urlPattern?: object;
  requestMethod?: string;
  requestMode?: string;
  not?: RouterCondition;
  or?: RouterCondition[];
};
type Sample = { url: string; method: string; mode: string };
type RouterRule = { condition: RouterCondition; source: string };
// Node has URLPattern (as Chrome does); TypeScript's DOM types do not name it yet
const { URLPattern } = globalThis as unknown as { URLPattern: new (init: object) => { test(url: string): boolean } };

/** Whether a request meets a static route's condition, as the browser reads it (every named part must hold). */
const meets = (condition: RouterCondition, request: Sample): boolean =>
  (condition.urlPattern === undefined || new URLPattern(condition.urlPattern).test(request.url)) &&
  (condition.requestMethod === undefined || condition.requestMethod.toUpperCase() === request.method) &&
  (condition.requestMode === undefined || condition.requestMode === request.mode) &&
  (condition.not === undefined || !meets(condition.not, request)) &&
  (condition.or === undefined || condition.or.some((c) => meets(c, request)));

async function lifecycle(type: "install" | "activate", { staticRoutes = false } = {}) {
  let done: Promise<unknown> = Promise.resolve();
  routes = [];
  const addRoutes = staticRoutes
    ? (rules: RouterRule[]) => {
        routes.push(...rules);
        return Promise.resolve();
      }
    : undefined;
  handlers[type]({ waitUntil: (p: Promise<unknown>) => (done = p), addRoutes });
  await done;
}

/** Dispatches a fetch; null when the worker leaves the request to the network. */
async function request(path: string, { mode = "cors", method = "GET" } = {}): Promise<Response | null> {
  let answer: Promise<Response> | null = null;
  const waits: Promise<unknown>[] = [];
  handlers.fetch({
    request: { url: new URL(path, ORIGIN).href, method, mode },
    respondWith: (p: Promise<Response>) => (answer = p),
    waitUntil: (p: Promise<unknown>) => waits.push(p),
  });
  const response = answer ? await answer : null;
  await Promise.all(waits);
  return response;
}

const cachedUrls = () => [...stores.values()].flatMap((store) => [...store.entries.keys()]);

describe("service worker", () => {
  beforeEach(async () => {
    loadWorker();
    await lifecycle("install");
    fetched = [];
  });

  it("precaches the offline page and the icons on install", () => {
    expect(cachedUrls()).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/offline.html`,
        `${ORIGIN}/manifest.webmanifest`,
        `${ORIGIN}/icons/icon-192.png`,
      ]),
    );
  });

  it("never answers or keeps API calls, sockets, page data or posts", async () => {
    for (const path of [
      "/api/Game/getuserinfo",
      "/api/Game/slide",
      "/ws/room/16",
      "/user.data",
      "/_root.data",
      "/message?tab=news",
    ]) {
      expect(await request(path), path).toBeNull();
    }
    expect(await request("/", { mode: "navigate", method: "POST" })).toBeNull();
    expect(await request("https://cdn.other.example/x.js")).toBeNull();
    expect(cachedUrls().some((url) => /\/api\/|\/ws\/|\.data$/.test(url))).toBe(false);
  });

  it("wakes only for pages and its own files where the browser has static routes; the rest goes to the network", async () => {
    loadWorker();
    await lifecycle("install", { staticRoutes: true });
    /** Where the browser sends a request: the first route it meets decides; none, the fetch handler. */
    const routed = (path: string, { method = "GET", mode = "cors" } = {}) =>
      routes.find((r) => meets(r.condition, { url: new URL(path, ORIGIN).href, method, mode }))?.source ??
      "fetch-event";
    const network = [
      ["/api/Game/getuserinfo"],
      ["/ws/room/16"],
      ["/user.data"],
      ["/_root.data"],
      ["/help/list.data", "POST"],
      ["/assets/root-AbC123.js"],
      ["/assets/root-1.css"],
      ["https://cdn.other.example/x.js"],
    ] as const;
    for (const [path, method] of network) expect(routed(path, { method }), path).toBe("network");
    for (const path of ["/", "/message?tab=news", "/wallet/deposit"])
      expect(routed(path, { mode: "navigate" }), path).toBe("fetch-event");
    for (const path of ["/icons/icon-192.png", "/favicon.svg", "/tiles/lucky28.svg", "/manifest.webmanifest"])
      expect(routed(path), path).toBe("fetch-event");
    // a route only ever skips what the fetch handler leaves to the network anyway
    for (const [path, method] of network) expect(await request(path, { method }), path).toBeNull();
  });

  it("loads pages from the network and never stores them (they carry balances)", async () => {
    const page = await request("/user", { mode: "navigate" });
    expect(await page!.text()).toBe(`body of ${ORIGIN}/user`);
    expect(cachedUrls()).not.toContain(`${ORIGIN}/user`);
    expect(cachedUrls()).not.toContain(`${ORIGIN}/`);
  });

  it("shows the static offline page when the network is down", async () => {
    online = false;
    const page = await request("/user", { mode: "navigate" });
    expect(await page!.text()).toBe(`body of ${ORIGIN}/offline.html`);
    expect(page!.redirected).toBe(false);
  });

  it("leaves hashed assets to the browser's own cache, which keeps them a year, and keeps no copy", async () => {
    expect(await request("/assets/entry.client-abc123.js")).toBeNull();
    expect(await request("/assets/root-1.css")).toBeNull();
    expect(cachedUrls().some((url) => url.includes("/assets/"))).toBe(false);
    const headers = readFileSync(new URL("../../../public/_headers", import.meta.url), "utf8");
    expect(headers).toMatch(/^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });

  it("has the browser keep nothing else for long: pages, page data and the API are asked for every time", () => {
    const headers = readFileSync(new URL("../../../public/_headers", import.meta.url), "utf8");
    const rules = headers.split("\n").filter((line) => /^\S/.test(line) && !line.startsWith("#"));
    expect(rules).toEqual(["/assets/*"]);
  });

  it("deletes the caches of older versions on activation", async () => {
    stores.set("roundtable-static-old", new FakeCache());
    stores.set("someone-else", new FakeCache());
    await lifecycle("activate");
    expect([...stores.keys()].some((name) => name === "roundtable-static-old")).toBe(false);
    expect(stores.has("someone-else")).toBe(true);
  });
});

describe("web app manifest", () => {
  const manifest = JSON.parse(readFileSync(new URL("../../../public/manifest.webmanifest", import.meta.url), "utf8"));

  const pngSize = (path: string) => {
    const png = readFileSync(new URL(`../../../public${path}`, import.meta.url));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
  };

  it("makes the app installable: name, standalone, start URL, theme colour", () => {
    expect(manifest).toMatchObject({
      name: "Roundtable",
      display: "standalone",
      start_url: "/",
      theme_color: "#0f172a",
    });
  });

  it("lists 192 and 512 pixel icons that exist with those sizes, and a maskable one", () => {
    for (const icon of manifest.icons.filter((i: { type: string }) => i.type === "image/png")) {
      expect(pngSize(icon.src)).toBe(icon.sizes);
    }
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === "maskable")).toBe(true);
    expect(pngSize("/icons/apple-touch-icon.png")).toBe("180x180");
  });
});
