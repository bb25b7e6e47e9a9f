// End-to-end: a real `wrangler dev` (fresh local D1) driven by Debian's Chromium at a phone viewport.
// Prints "N passed, N failed"; screenshots land in tests/e2e/screenshots/.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { startLocalServer } from "../support/local-server.mjs";
import { eventually } from "./eventually.mjs";
import { startPriceFeed } from "../support/price-feed-server.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = process.env.E2E_PORT ?? "8799";
const SHOTS = "tests/e2e/screenshots";
const only = process.argv[2];
const files = readdirSync("tests/e2e").filter((f) => f.endsWith(".e2e.mjs") && (!only || f.includes(only))).sort();
if (files.length === 0) {
  console.error(`e2e: no flow matches "${only}" (tests/e2e/*.e2e.mjs)`);
  process.exit(1);
}

if (!existsSync(CHROMIUM)) {
  const message = `e2e: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(message);
  console.log(`${message}: end-to-end tests skipped`);
  process.exit(0);
}

// A local feed on 127.0.0.1 with synthetic tickers every 3 s, so the home page's prices move.
const priceFeed = await startPriceFeed({ syntheticEveryMs: 3_000 });
const server = await startLocalServer({
  port: PORT,
  vars: { ROUND_SECONDS: "40", CLOSE_SECONDS: "10", FINANCE_TEST_CLOCK: "on", PRICES_WS_URL: priceFeed.url },
});
const serverLog = () => server.log();

/** The code the local SmsSender logged for this phone (the newest one); wrangler may print it a moment after the answer. */
const smsCode = (phone) =>
  eventually(() => {
    const matches = [...serverLog().matchAll(new RegExp(`\\[sms\\] \\S+ ${phone} code (\\d{6})`, "g"))];
    const code = matches.at(-1)?.[1];
    assert.ok(code, `the SMS code for ${phone} was logged`);
    return code;
  });

mkdirSync(SHOTS, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

let passed = 0;
let failed = 0;
for (const file of files) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.base, locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const name = file.replace(".e2e.mjs", "");
  const shot = (step) => page.screenshot({ path: join(SHOTS, `${name}-${step}.png`), fullPage: true });
  const started = Date.now();
  try {
    const scenario = await import(pathToFileURL(join(process.cwd(), "tests/e2e", file)).href);
    await scenario.default({ page, context, base: server.base, shot, smsCode, serverLog, prepareLog: server.prepareLog });
    const cspErrors = errors.filter((e) => /Content Security Policy|Refused to/.test(e));
    if (cspErrors.length) throw new Error(`CSP violations: ${cspErrors.join("; ")}`);
    passed++;
    console.log(`  ✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    await shot("failure").catch(() => {});
    console.log(`  ✗ ${name}: ${error?.stack ?? error}\n    page errors: ${errors.join(" | ") || "none"}`);
  }
  await context.close();
}
await browser.close();
server.stop();
await priceFeed.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
