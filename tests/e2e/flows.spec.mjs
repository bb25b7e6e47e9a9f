// Each browser flow (tests/e2e/*.e2e.mjs) as a test of its own, called as it always was:
// `({ page, context, base, shot, smsCode, serverLog, beaconMode, beaconKey, prepareLog })`, against the run's
// server (tests/e2e/global-setup.mjs). A Content-Security-Policy violation in the page fails the flow; its page
// errors are attached to a failure; its pictures land in tests/e2e/screenshots/ outside CI (tests/e2e/shots.mjs).
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "@playwright/test";
import { TWILIO_TEST_ACCOUNT_SID, TWILIO_TEST_AUTH_TOKEN } from "../support/twilio-server.mjs";
import { eventually } from "./eventually.mjs";
import { FLOWS_DIR, flowFiles } from "./flow-files.mjs";
import { E2E_WORKERS } from "../../playwright.config.mjs";
import { SHOTS_DIR, keepShot } from "./shots.mjs";

/** The server's whole output so far (the run's log file: every worker reads the one server). */
const serverLog = () => readFileSync(process.env.E2E_SERVER_LOG, "utf8");

/** Every text message Twilio took, oldest first, read through its list endpoint as a client would. */
async function textsSent() {
  const auth = Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString("base64");
  const answer = await fetch(
    `${process.env.E2E_TWILIO_URL}/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages.json`,
    {
      headers: { authorization: `Basic ${auth}` },
    },
  );
  return (await answer.json()).messages.reverse();
}

/** The code of the newest text message Twilio took for this national number (whatever its dial code). */
const smsCode = (phone) =>
  eventually(async () => {
    const message = (await textsSent()).findLast((m) => m.to.endsWith(phone.replace(/^0+/, "")));
    const code = /\b\d{6}\b/.exec(message?.body ?? "")?.[0];
    assert.ok(code, `a text message with a code went to ${phone}`);
    return code;
  });

/** Sets the local beacon's mode: ok, slow, down or bad (tests/support/beacon-server.mjs). */
const beaconMode = async (mode) => {
  const answer = await fetch(`${process.env.E2E_BEACON_URL}/control?mode=${mode}`, { method: "POST" });
  assert.equal(answer.status, 200, `beacon mode ${mode}`);
};

/**
 * A flow's tests: one, or one per part when the flow names its parts (the crawl's audiences) and the run has workers
 * to run them side by side; with one worker the flow runs its parts at once itself, in one browser.
 */
const flowTests = async (file) => {
  const { parts } = await import(pathToFileURL(join(process.cwd(), FLOWS_DIR, file)).href);
  return parts && E2E_WORKERS > 1
    ? parts.map((part) => ({ file, part, title: `${file} (${part})` }))
    : [{ file, title: file }];
};

for (const { file, part, title } of (await Promise.all(flowFiles().map(flowTests))).flat()) {
  test(title, async ({ page, context, baseURL }, testInfo) => {
    test.skip(Boolean(process.env.E2E_SKIP), process.env.E2E_SKIP);
    mkdirSync(SHOTS_DIR, { recursive: true });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const name = file.replace(".e2e.mjs", "") + (part ? `-${part}` : "");
    const shot = (step) => keepShot(page, `${name}-${step}`);
    try {
      const flow = await import(pathToFileURL(join(process.cwd(), FLOWS_DIR, file)).href);
      await flow.default({
        page,
        context,
        base: baseURL,
        shot,
        smsCode,
        serverLog,
        beaconMode,
        beaconKey: process.env.E2E_BEACON_KEY,
        prepareLog: process.env.E2E_PREPARE_LOG,
        part,
      });
      const cspErrors = errors.filter((e) => /Content Security Policy|Refused to/.test(e));
      if (cspErrors.length) throw new Error(`CSP violations: ${cspErrors.join("; ")}`);
    } catch (error) {
      await testInfo.attach("page errors", { body: errors.join("\n") || "none", contentType: "text/plain" });
      throw error;
    } finally {
      // whatever the flow left, the flows after it find a beacon that answers
      if (file.startsWith("beacon")) await beaconMode("ok");
    }
  });
}
