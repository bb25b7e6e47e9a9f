// End-to-end: a real `wrangler dev` (fresh local D1) driven by Debian's Chromium at a phone viewport.
// Prints "N passed, N failed"; screenshots land in tests/e2e/screenshots/.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = process.env.E2E_PORT ?? "8799";
const BASE = `http://localhost:${PORT}`;
const SHOTS = "tests/e2e/screenshots";
const only = process.argv[2];

if (!existsSync(CHROMIUM)) {
  const message = `e2e: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`;
  if (process.env.CI) throw new Error(message);
  console.log(`${message}: end-to-end tests skipped`);
  process.exit(0);
}

const state = mkdtempSync(join(tmpdir(), "e2e-state-"));
const env = { ...process.env, PERSIST_TO: state, PORT, ROUND_SECONDS: "40", CLOSE_SECONDS: "10" };
const prepared = spawnSync("node", ["scripts/prepare-local.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
if (prepared.status !== 0) throw new Error("e2e: preparing the local database failed");

let serverLog = "";
const server = spawn("node", ["scripts/start.mjs"], { env, detached: true });
server.stdout.on("data", (d) => (serverLog += d));
server.stderr.on("data", (d) => (serverLog += d));
const stopServer = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
};
process.on("exit", stopServer);

async function waitForServer(deadlineMs) {
  while (Date.now() < deadlineMs) {
    try {
      if ((await fetch(`${BASE}/login`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`e2e: server did not start\n${serverLog.slice(-2000)}`);
}

/** The code the local SmsSender logged for this phone (the newest one). */
function smsCode(phone) {
  const matches = [...serverLog.matchAll(new RegExp(`\\[sms\\] \\S+ ${phone} code (\\d{6})`, "g"))];
  return matches.at(-1)?.[1];
}

await waitForServer(Date.now() + 180_000);
mkdirSync(SHOTS, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

const files = readdirSync("tests/e2e").filter((f) => f.endsWith(".e2e.mjs") && (!only || f.includes(only))).sort();
let passed = 0;
let failed = 0;
for (const file of files) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: BASE, locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const name = file.replace(".e2e.mjs", "");
  const shot = (step) => page.screenshot({ path: join(SHOTS, `${name}-${step}.png`), fullPage: true });
  const started = Date.now();
  try {
    const scenario = await import(pathToFileURL(join(process.cwd(), "tests/e2e", file)).href);
    await scenario.default({ page, context, base: BASE, shot, smsCode, serverLog: () => serverLog });
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
stopServer();
rmSync(state, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
