import type { PricesDO } from "./prices-do";
import type { PriceSnapshot } from "#shared/prices/snapshot";

/** The one PricesDO of the deployment (docs/product.md#market-prices). */
function pricesStub(env: Env): DurableObjectStub<PricesDO> {
  return env.PRICES.get(env.PRICES.idFromName("prices")) as DurableObjectStub<PricesDO>;
}

/** /ws/prices: a browser of our own origin listens to the fan-out. */
export function handlePricesSocket(request: Request, env: Env, url: URL): Promise<Response> | Response {
  if (url.pathname !== "/ws/prices") return new Response("Not found", { status: 404 });
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
    return new Response("Expected a WebSocket upgrade", { status: 426 });
  const origin = request.headers.get("origin");
  if (origin && origin !== url.origin) return new Response("Cross-origin sockets are refused", { status: 403 });
  return pricesStub(env).fetch(new Request(url, { headers: { upgrade: "websocket" } }));
}

/** The last prices for a server-rendered page; a failure shows as "unavailable", never as a figure. */
export async function lastPrices(env: Env): Promise<PriceSnapshot> {
  try {
    return await pricesStub(env).snapshot();
  } catch (error) {
    console.error(JSON.stringify({ prices: "snapshot failed", error: String(error) }));
    return { feed: "down", prices: {}, nowMs: Date.now() };
  }
}
