// End-to-end: a real `wrangler dev` (fresh local D1) driven by Debian's Chromium at a phone viewport.
// Prints "N passed, N failed"; screenshots land in tests/e2e/screenshots/.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { startLocalServer } from "../support/local-server.mjs";
import { eventually } from "./eventually.mjs";
import { startPriceFeed } from "../support/price-feed-server.mjs";
import { startBeacon } from "../support/beacon-server.mjs";
import { startTwilioServer } from "../support/twilio-server.mjs";
import { findPersonalData, typedSecrets, withoutStartBanner } from "../support/personal-data.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = process.env.E2E_PORT ?? "8799";
const SHOTS = "tests/e2e/screenshots";
const only = process.argv[2];
const files = readdirSync("tests/e2e")
  .filter((f) => f.endsWith(".e2e.mjs") && (!only || f.includes(only)))
  .sort();
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
// Codes go out through Twilio's API, here a local Twilio-shaped server: the Worker's logs never carry one.
const twilio = await startTwilioServer();
// Every round mixes in a local drand-shaped beacon (docs/decisions/130) that signs with its own test key; the
// beacon flow switches it down and back. A short wait bound keeps that flow's void round short.
const beacon = await startBeacon();
const server = await startLocalServer({
  port: PORT,
  vars: {
    ROUND_SECONDS: "40",
    CLOSE_SECONDS: "10",
    FINANCE_TEST_CLOCK: "on",
    PRICES_WS_URL: priceFeed.url,
    SMS_PROVIDER: "twilio",
    TWILIO_API_BASE: twilio.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    // The flows sign in and out many times from this one address: wrangler.toml's load-test environment
    // raises the per-source throttles (tests/throttles.test.ts checks the production ones).
    WRANGLER_ENV: "loadtest",
    BEACON_URL: beacon.url,
    BEACON_TEST_PUBLIC_KEY: beacon.publicKey,
    BEACON_MAX_WAIT_SECONDS: "20",
  },
});
const serverLog = () => server.log();

/** Sets the local beacon's mode: ok, slow, down or bad (tests/support/beacon-server.mjs). */
const beaconMode = async (mode) => {
  const answer = await fetch(`${beacon.url}/control?mode=${mode}`, { method: "POST" });
  assert.equal(answer.status, 200, `beacon mode ${mode}`);
};

/** The code of the newest text message Twilio took for this national number (whatever its dial code). */
const smsCode = (phone) =>
  eventually(() => {
    const message = twilio.sent().findLast((m) => m.to.endsWith(phone.replace(/^0+/, "")));
    const code = /\b\d{6}\b/.exec(message?.body ?? "")?.[0];
    assert.ok(code, `a text message with a code went to ${phone}`);
    return code;
  });

mkdirSync(SHOTS, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

let passed = 0;
let failed = 0;
for (const file of files) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    baseURL: server.base,
    locale: "en-US",
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const name = file.replace(".e2e.mjs", "");
  const shot = (step) => page.screenshot({ path: join(SHOTS, `${name}-${step}.png`), fullPage: true });
  const started = Date.now();
  try {
    const scenario = await import(pathToFileURL(join(process.cwd(), "tests/e2e", file)).href);
    await scenario.default({
      page,
      context,
      base: server.base,
      shot,
      smsCode,
      serverLog,
      beaconMode,
      beaconKey: beacon.publicKey,
      prepareLog: server.prepareLog,
    });
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
  await beaconMode("ok"); // whatever a flow left, the next one starts with a beacon that answers
}
await browser.close();

// The privacy check (docs/decisions/135): the server's whole output of the run carries no phone number,
// SMS code, token, password or account number.
const sent = twilio.sent();
const leaks = findPersonalData(withoutStartBanner(serverLog()), {
  phones: sent.map((m) => m.to),
  codes: sent.map((m) => /\b\d{6}\b/.exec(m.body)?.[0]).filter(Boolean),
  secrets: typedSecrets(
    readdirSync("tests/e2e")
      .filter((f) => f.endsWith(".mjs"))
      .map((f) => readFileSync(join("tests/e2e", f), "utf8")),
  ),
});
if (leaks.length) {
  failed++;
  console.log(
    `  ✗ personal data in the server's output (${sent.length} texts sent):\n    ${leaks.slice(0, 20).join("\n    ")}`,
  );
} else {
  passed++;
  console.log(
    `  ✓ no personal data in the server's output (${serverLog().split("\n").length} lines, ${sent.length} texts sent)`,
  );
}
server.stop();
await priceFeed.close();
await twilio.close();
await beacon.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
