// Done when: with PRICES_WS_URL set to a feed (global-setup.mjs starts a local one on 127.0.0.1 that
// pushes tickers every 3 s), the home page shows the eight coins with prices that move, live, in a browser.
import assert from "node:assert/strict";
import { eventually, textOf } from "./eventually.mjs";

export default async function prices({ page, shot }) {
  await page.goto("/");
  const strip = page.locator("section.prices").first();
  const btc = strip.locator('[data-coin="BTC"] .coin-last');
  // The feed is subscribed 2 s after the first browser connects, then ticks every 3 s.
  await eventually(async () => assert.equal(await textOf(strip.locator(".feed-status")), "Live"), { timeout: 20_000 });
  const first = await eventually(async () => {
    const text = await textOf(btc);
    // the figure and the currency it is quoted in (shared/prices/coins.ts quoteOf)
    assert.match(text, /^\d{1,3}(,\d{3})*\.\d{2} USDT$/);
    return text;
  });
  for (const coin of ["BTC", "ETH", "USDT", "BNB", "SOL", "USDC", "DOGE", "TRX"]) {
    await eventually(async () =>
      assert.match(await textOf(strip.locator(`[data-coin="${coin}"] .coin-change`)), /^[+−]?\d+\.\d{2}%$/),
    );
  }
  await eventually(async () => assert.notEqual(await textOf(btc), first), { timeout: 15_000 });
  assert.equal(await strip.locator(".is-stale").count(), 0);
  await shot("home-live");
}
