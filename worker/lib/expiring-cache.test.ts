import { describe, expect, it } from "vitest";
import { ExpiringCache } from "./expiring-cache";

describe("ExpiringCache", () => {
  it("loads once within the lifetime and again after it", async () => {
    const cache = new ExpiringCache<string, number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load, 0)).toBe(1);
    expect(await cache.get("a", load, 999)).toBe(1);
    expect(await cache.get("a", load, 1_000)).toBe(2);
  });

  it("shares one load between concurrent misses", async () => {
    const cache = new ExpiringCache<string, number>(1_000);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get("a", load, 0), cache.get("a", load, 0)])).toEqual([1, 1]);
  });

  it("does not keep a failed load", async () => {
    const cache = new ExpiringCache<string, number>(1_000);
    await expect(cache.get("a", () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    expect(await cache.get("a", async () => 7, 1)).toBe(7);
  });

  it("forgets a key when told", async () => {
    const cache = new ExpiringCache<string, number>(60_000);
    await cache.get("a", async () => 1, 0);
    cache.forget("a");
    expect(await cache.get("a", async () => 2, 1)).toBe(2);
  });

  it("stays bounded", async () => {
    const cache = new ExpiringCache<number, number>(60_000, 2);
    for (let i = 0; i < 5; i++) await cache.get(i, async () => i, 0);
    let reloaded = false;
    await cache.get(0, async () => ((reloaded = true), 0), 1);
    expect(reloaded).toBe(true);
  });
});
