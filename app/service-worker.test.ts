import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

// public/sw.js run in a bare context: which requests it answers, and what it may put in a cache.
// Balances, bets and everything personal come from /api/*, /ws/* and Remix data requests (*.data):
// the worker must never answer those, so they can never come from a cache.

type Listener = (event: unknown) => void;

function loadServiceWorker() {
  const listeners = new Map<string, Listener>();
  const cache = { match: async () => undefined, put: async () => {}, keys: async () => [], delete: async () => true };
  const self = {
    location: new URL("https://app.test/"),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  const fetch = async () => new Response("ok", { status: 200 });
  runInNewContext(readFileSync("public/sw.js", "utf8"), {
    self,
    caches: { open: async () => cache, match: async () => undefined, keys: async () => [] },
    fetch,
    URL,
    Response,
    Set,
    Array,
    Promise,
    Math,
  });
  /** Dispatches a fetch event; true when the worker answers it (respondWith), false when the browser goes to the network. */
  const handles = (url: string, init: { method?: string; mode?: string } = {}) => {
    let answered = false;
    listeners.get("fetch")!({
      request: { url, method: init.method ?? "GET", mode: init.mode ?? "cors" },
      respondWith: () => (answered = true),
      waitUntil: () => {},
    });
    return answered;
  };
  return { handles };
}

describe("service worker", () => {
  it("never answers the API, sockets or page data, so no balance or bet is ever served from a cache", () => {
    const { handles } = loadServiceWorker();
    for (const url of [
      "/api/Game/getuserinfo",
      "/api/Game/getfinanceflow?x=1",
      "/ws/room/1",
      "/user.data",
      "/my_income.data?_routes=root",
      "/withdraw.data",
    ]) {
      expect(handles(`https://app.test${url}`), url).toBe(false);
    }
    expect(handles("https://app.test/withdraw", { method: "POST", mode: "navigate" })).toBe(false);
    expect(handles("https://other.example/assets/x.js")).toBe(false);
  });

  it("answers page loads (network first, its offline page when down) and its icons, not the hashed assets", () => {
    const { handles } = loadServiceWorker();
    expect(handles("https://app.test/user", { mode: "navigate" })).toBe(true);
    expect(handles("https://app.test/icons/icon.svg")).toBe(true);
    expect(handles("https://app.test/assets/root-abc123.js")).toBe(false);
  });

  it("offers a retry of the page that failed on its offline page", () => {
    const offline = readFileSync("public/offline.html", "utf8");
    expect(offline).toMatch(/<a href="">Try again/);
  });
});
