import { afterEach, describe, expect, it, vi } from "vitest";
import { startPwa } from "./pwa";

// The service worker's registration (app/components/content/pwa.ts) in a stand-in browser: when it is made.

function browser() {
  const handlers = new Map<string, Array<() => void>>();
  const serviceWorker = {
    controller: null as object | null,
    register: vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
  };
  vi.stubGlobal("window", {
    addEventListener: (name: string, handler: () => void) =>
      handlers.set(name, [...(handlers.get(name) ?? []), handler]),
  });
  vi.stubGlobal("navigator", { serviceWorker, userAgent: "test" });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const fire = (name: string) => handlers.get(name)?.forEach((handler) => handler());
  return { serviceWorker, fire };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the service worker's registration", () => {
  it("is made once the page has loaded", () => {
    const { serviceWorker, fire } = browser();
    startPwa();
    expect(serviceWorker.register).not.toHaveBeenCalled();
    fire("load");
    expect(serviceWorker.register).toHaveBeenCalledExactlyOnceWith("/sw.js");
  });

  it("is made again when the connection comes back after an install the lost connection failed", () => {
    const { serviceWorker, fire } = browser();
    startPwa();
    fire("load");
    fire("online");
    expect(serviceWorker.register).toHaveBeenCalledTimes(2);
  });

  it("is left alone when the connection comes back to a page a worker already controls", () => {
    const { serviceWorker, fire } = browser();
    startPwa();
    fire("load");
    serviceWorker.controller = {};
    fire("online");
    expect(serviceWorker.register).toHaveBeenCalledTimes(1);
  });
});
