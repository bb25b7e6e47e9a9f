// npm run audit: the outside judges on a local `wrangler dev` (127.0.0.1, fresh local D1).
// 1. Lighthouse (npm `lighthouse`, Debian's Chromium, mobile) for home, login and a signed-in room:
//    performance, accessibility, best practices, printed (not asserted).
// 2. axe-core on every main screen in four languages: the tests/e2e/a11y.e2e.mjs flow, which fails on
//    any serious or critical violation (it also runs in CI with the other e2e flows).
import { spawnSync } from "node:child_process";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startLocalServer } from "../tests/support/local-server.mjs";
import { playerCookie } from "../tests/support/page-weight.mjs";

const PORT = process.env.AUDIT_PORT ?? "8797";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices"];

const server = await startLocalServer({ port: PORT });
const rows = [];
try {
  const cookie = await playerCookie(server.base);
  const pages = [["home", "/", {}], ["login", "/login", {}], ["room (signed in)", "/activity/1", { Cookie: cookie }]];
  for (const [label, path, extraHeaders] of pages) {
    // A fresh browser per page: no cache or storage carried from one page to the next.
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      const result = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders });
      const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      rows.push([label, ...scores]);
    } finally {
      await chrome.kill();
    }
  }
} finally {
  server.stop();
}

console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile (its default throttling), Chromium ${CHROMIUM}; target 95 each, printed not asserted\n`);
console.log("| page | performance | accessibility | best practices |");
console.log("|---|---|---|---|");
for (const [label, ...scores] of rows) console.log(`| ${label} | ${scores.join(" | ")} |`);

console.log("\naxe-core, every main screen in four languages (tests/e2e/a11y.e2e.mjs):");
const axe = spawnSync("node", ["tests/e2e/run.mjs", "a11y"], { stdio: "inherit", env: { ...process.env, E2E_PORT: process.env.E2E_PORT ?? String(Number(PORT) + 1) } });
process.exit(axe.status ?? 1);
