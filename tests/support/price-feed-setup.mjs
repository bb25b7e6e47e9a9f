// vitest globalSetup (runs in Node): one local price feed for the Worker tests; its address reaches
// the Worker as PRICES_WS_URL (vitest.config.ts) and the tests through inject("pricesFeedControl").
import { startPriceFeed } from "./price-feed-server.mjs";

export default async function setup({ provide }) {
  const feed = await startPriceFeed();
  provide("pricesFeedUrl", feed.url);
  provide("pricesFeedControl", feed.controlUrl);
  return () => feed.close();
}
