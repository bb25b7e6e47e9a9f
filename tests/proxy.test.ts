import { afterEach, describe, expect, it, vi } from "vitest";
import type { Config } from "../worker/config";
import { forwardToUpstream } from "../worker/upstream/proxy";

const config: Config = {
  apiMode: "proxy",
  upstreamApiBase: "https://upstream.example",
  currencyLabel: "USD",
  roundSeconds: 180,
  closeSeconds: 60,
  pricesWsUrl: "",
  pepper: "test-pepper",
  financeTestClock: false,
};

const call = (path: string, body = '{"token":"t","lang":"en"}', init: RequestInit = {}) =>
  forwardToUpstream(new Request(`https://app.test${path}`, { method: "POST", body, headers: { "content-type": "application/json" }, ...init }), config);

describe("proxy mode", () => {
  afterEach(() => vi.restoreAllMocks());

  it("forwards a contract call with its path and body, and passes the answer through", async () => {
    const upstream = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ code: 1, info: "ok", data: { money: 5 } }));
    const response = await call("/api/Game/getuserinfo");
    expect(await response.json()).toEqual({ code: 1, info: "ok", data: { money: 5 } });
    const [target, init] = upstream.mock.calls[0];
    expect(target).toBe("https://upstream.example/api/Game/getuserinfo");
    expect(init?.method).toBe("POST");
    expect(new TextDecoder().decode(init?.body as ArrayBuffer)).toBe('{"token":"t","lang":"en"}');
  });

  it("forwards the finance calls (DESIGN.md 12) but not the operator's finance desk", async () => {
    const upstream = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ code: 1, info: "ok", data: { list: [] } }));
    for (const path of ["/api/Game/getproductlist", "/api/Game/producttransferin", "/api/Game/getproductorders"]) {
      expect(await (await call(path)).json()).toEqual({ code: 1, info: "ok", data: { list: [] } });
    }
    expect(upstream.mock.calls.map(([target]) => target)).toEqual([
      "https://upstream.example/api/Game/getproductlist",
      "https://upstream.example/api/Game/producttransferin",
      "https://upstream.example/api/Game/getproductorders",
    ]);
    expect((await call("/api/admin/products/update")).status).toBe(404);
    expect(upstream).toHaveBeenCalledTimes(3);
  });

  it("refuses paths outside the contract without calling upstream", async () => {
    const upstream = vi.spyOn(globalThis, "fetch");
    const response = await call("/api/admin/deposits");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 0, data: { errCode: 1001 } });
    expect((await call("/api/Index/login", "{}", { method: "PUT" })).status).toBe(404);
    expect(upstream).not.toHaveBeenCalled();
  });

  it("answers 1004 when upstream fails, times out or does not speak JSON", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new DOMException("timed out", "TimeoutError"));
    expect(await (await call("/api/Index/getconfig")).json()).toMatchObject({ code: 0, data: { errCode: 1004 } });
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("<html>bad gateway</html>", { headers: { "content-type": "text/html" } }));
    expect(await (await call("/api/Index/getconfig")).json()).toMatchObject({ code: 0, data: { errCode: 1004 } });
  });

  it("gives the upstream call a 6 s deadline", async () => {
    const upstream = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ code: 1, info: "", data: null }));
    await call("/api/index/GETCONFIG");
    expect(upstream.mock.calls[0][1]?.signal).toBeInstanceOf(AbortSignal);
  });
});
