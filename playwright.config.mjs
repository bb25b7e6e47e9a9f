// The browser flows (tests/e2e/*.e2e.mjs) on @playwright/test: one wrangler dev for the run (tests/e2e/global-setup.mjs),
// each flow a test of tests/e2e/flows.spec.mjs in parallel workers, on Debian's Chromium at a phone's viewport.
// No retries: a flow that fails once is a finding. `npm run test:e2e [name]`; docs/testing.md.
import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_FLAGS } from "./tests/support/chromium.mjs";

export const E2E_PORT = process.env.E2E_PORT ?? "8799";
/**
 * Flows at once: one per core, four at most (they share one server). A flow's browser and the one server together keep about a core and a half busy, so on
 * the two-core CI machine one flow at a time left half a core idle: two at once took the flows from 884 to 812 s
 * (2026-12-07, docs/decisions/187). Three at once (2026-12-06) took them longer at a load of 15, and pages then
 * failed on the load alone.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(4, Math.max(1, availableParallelism())));

/**
 * Flows that change what every other flow meets, run once the others are done, side by side (none meets what
 * the others change): beacon-void switches the run's one beacon down (every room's draw waits for it), the
 * admin flow changes the site's deposit accounts, which every other flow's deposit names (tests/e2e/site-payees.mjs),
 * and room 1's odds, and the finance flow fires the cron fifteen days ahead, which pays and matures every lock-up
 * of the run (vi-player's and the crawl's among them). Every other flow works on data of its own (docs/decisions/191).
 */
const ALONE = /\b(admin|beacon-void|finance)\.e2e\.mjs/;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "flows.spec.mjs",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/global-setup.mjs",
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // a guard against a hang, not a speed target: the crawl reads every screen in four languages at two widths
  timeout: 1_200_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 390, height: 844 },
    locale: "en-US",
    // the flows' own waits (as playwright-core's default): a locator or page that never comes fails in 30 s
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // a failed flow keeps its trace (actions, DOM snapshots, network, console) and its screenshot; the trace's
    // screencast is off: Chromium encoded frames through every flow for traces thrown away on success. Measured
    // 2026-12-06: the trace as it was cost a quarter of the CPU (five flows, 540 → 396 CPU-s with no trace on a
    // quiet machine); under load the a11y flow took 260 CPU-s with it, 246 without the screencast, 239 with no
    // trace. The DOM snapshots still show each step's page.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: "parallel", grepInvert: ALONE, teardown: "alone" },
    // after the parallel flows, whatever their results (a teardown project)
    { name: "alone", grep: ALONE },
  ],
});
