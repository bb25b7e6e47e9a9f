// Once per run of the browser flows (playwright.config.mjs): a real `wrangler dev` on a fresh local D1 with the
// local price feed, Twilio and drand-shaped beacon, the run's hub (tests/e2e/hub.mjs), and each seeded operator
// signed in once, and the site's deposit accounts set. The workers find them through E2E_* variables. The teardown it answers stops them and runs the
// privacy check over the server's whole output, which fails the run when it finds a leak.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalServer } from "../support/local-server.mjs";
import { startPriceFeed } from "../support/price-feed-server.mjs";
import { startBeacon } from "../support/beacon-server.mjs";
import { startTwilioServer } from "../support/twilio-server.mjs";
import { flowFiles } from "./flow-files.mjs";
import { startHub } from "./hub.mjs";
import { setMoneySettings, signInOperators } from "./operator.mjs";
import { SITE_PAYEES } from "./site-payees.mjs";
import { checkServerOutput } from "./privacy-check.mjs";
import { E2E_PORT } from "../../playwright.config.mjs";
import { CHROMIUM } from "../support/chromium.mjs";

/** The seeded operators (worker/seed/seed.ts DEMO_OPERATORS) the flows act as. */
const OPERATORS = ["admin", "admin2", "cashier"];

export default async function globalSetup() {
  if (flowFiles().length === 0) throw new Error(`no flow matches "${process.env.E2E_ONLY}" (tests/e2e/*.e2e.mjs)`);
  if (!existsSync(CHROMIUM)) {
    const message = `no Chromium at ${CHROMIUM} (apt-get install -y chromium-headless-shell)`;
    if (process.env.CI) throw new Error(message);
    console.log(`e2e: ${message}: end-to-end tests skipped`);
    process.env.E2E_SKIP = message;
    return undefined;
  }

  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const state = mkdtempSync(join(tmpdir(), "e2e-run-"));
  const logFile = join(state, "server.log");
  // A local feed on 127.0.0.1 with synthetic tickers every 3 s, so the home page's prices move.
  const priceFeed = await startPriceFeed({ syntheticEveryMs: 3_000 });
  // Codes go out through Twilio's API, here a local Twilio-shaped server: the Worker's logs never carry one.
  const twilio = await startTwilioServer();
  // Every round mixes in a local drand-shaped beacon (docs/decisions/130) that signs with its own test key; the
  // beacon-void flow switches it down and back, after the other flows (the config's "alone" project). A short wait
  // bound keeps that flow's void round short.
  const beacon = await startBeacon();
  const hub = await startHub();
  const server = await startLocalServer({
    port: E2E_PORT,
    logFile,
    vars: {
      ROUND_SECONDS: "40",
      CLOSE_SECONDS: "10",
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
      BEACON_MAX_WAIT_SECONDS: "10",
    },
  });
  const stop = async () => {
    server.stop();
    await Promise.all([priceFeed.close(), twilio.close(), beacon.close(), hub.close()]);
    rmSync(state, { recursive: true, force: true });
  };

  try {
    Object.assign(process.env, {
      E2E_BASE: server.base,
      E2E_SERVER_LOG: logFile,
      E2E_PREPARE_LOG: server.prepareLog,
      E2E_HUB: hub.url,
      E2E_TWILIO_URL: twilio.url,
      E2E_BEACON_URL: beacon.url,
      E2E_BEACON_KEY: beacon.publicKey,
    });
    // each operator signs in once for the run: TOTP steps sign in once each (docs/decisions/060)
    process.env.E2E_OPERATORS = JSON.stringify(await signInOperators(server.base, server.log, OPERATORS));
    // the site's deposit accounts, as an operator sets up a site before players pay (tests/e2e/site-payees.mjs)
    await setMoneySettings(server.base, server.log, { payees: SITE_PAYEES });
    // what every flow waits for before it starts, said on every run (docs/testing.md's table counts it in e2e)
    console.log(`e2e: server ready, operators signed in and the site's accounts set in ${seconds()} s`);
  } catch (error) {
    await stop();
    throw error;
  }

  return async () => {
    try {
      console.log(`  ✓ ${checkServerOutput(server.log(), twilio.sent())}`);
    } finally {
      await stop();
    }
  };
}
