// npm start: wrangler dev (which runs the Remix build first) on PORT, in demo mode unless told otherwise.
// The build's listing (a few hundred lines) is held back: once wrangler is ready the URL and the demo
// accounts come first, then wrangler's own output passes through (requests, SMS codes). If wrangler
// stops before it is ready, the held output is printed, so a failed build shows why. VERBOSE=1 shows it all.
// Once ready, the Worker's scheduled jobs (the books check among them) run every minute as deployed
// (scripts/lib/local-cron.mjs, docs/decisions/172).
import { spawn } from "node:child_process";
import { ensureDevVars, persistArgs } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";
import { EVERY_MINUTE, TEST_SCHEDULED_FLAG, readTomlCrons, startLocalCron } from "./lib/local-cron.mjs";

// The public randomness beacon (docs/decisions/130), e.g. the local test beacon of tests/support/beacon-server.mjs.
const BEACON_SETTINGS = ["BEACON_URL", "BEACON_MAX_WAIT_SECONDS", "BEACON_TEST_PUBLIC_KEY"];
const SMS_SETTINGS = [
  "SMS_PROVIDER",
  "TWILIO_API_BASE",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TWILIO_MESSAGING_SERVICE_SID",
];

const port = process.env.PORT ?? "8787";
// wrangler's devtools port defaults to 9229 for every instance; two side by side (proxy mode against a
// local upstream, parallel end-to-end runs) would race for it, so each takes its own, PORT + 1000.
const inspectorPort = process.env.INSPECTOR_PORT ?? String(Number(port) + 1000);
const passed = [
  "API_MODE",
  "UPSTREAM_API_BASE",
  "CURRENCY_LABEL",
  "ROUND_SECONDS",
  "CLOSE_SECONDS",
  "PRICES_WS_URL",
  ...BEACON_SETTINGS,
  ...SMS_SETTINGS,
];
// Locally the codes go to this terminal unless SMS_PROVIDER says otherwise (docs/decisions/133).
const settings = { SMS_PROVIDER: "log", ...process.env };
const vars = passed.filter((name) => settings[name]).flatMap((name) => ["--var", `${name}:${settings[name]}`]);
// WRANGLER_ENV=loadtest: wrangler.toml's environment with raised per-source throttles, for local load
// tests and the end-to-end flows (docs/decisions/155); a deployment's limits are the top-level ones.
const environment = process.env.WRANGLER_ENV ? ["--env", process.env.WRANGLER_ENV] : [];

const { seedOperatorTotpSecret } = await loadTs("worker/operators/sign-in.ts");
const { DEMO_OPERATORS } = await loadTs("worker/seed/seed.ts");
const pepper = ensureDevVars().PEPPER;
const operatorLines = [];
for (const op of DEMO_OPERATORS) {
  const secret = await seedOperatorTotpSecret(pepper, op.username);
  operatorLines.push(
    `  Demo operator: ${op.username.padEnd(7)} / ${op.password.padEnd(11)} role ${op.role.padEnd(7)} TOTP secret ${secret}`,
  );
}

const banner = `
  Roundtable is ready: http://localhost:${port}  (API_MODE=${process.env.API_MODE ?? "demo"})
  Demo player:   demo01 / demo1234   (withdrawal password 123456, balance 10,000.00)
${operatorLines.join("\n")}
                 (console at http://localhost:${port}/admin/login; add each secret to an authenticator app)
  New players: invitation code 888; ${settings.SMS_PROVIDER === "log" ? 'the SMS code appears below as "[sms] code <6 digits> for <dial code> ···<last digits>"' : `SMS_PROVIDER=${settings.SMS_PROVIDER}`}.
`;

// wrangler dev fires no cron: it serves /__scheduled, which the local cron calls on wrangler.toml's schedule
const crons = readTomlCrons();
if (crons.length !== 1 || crons[0] !== EVERY_MINUTE)
  throw new Error(
    `scripts/lib/local-cron.mjs runs "${EVERY_MINUTE}" only; wrangler.toml schedules ${JSON.stringify(crons)}`,
  );
const child = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--port",
    port,
    "--inspector-port",
    inspectorPort,
    TEST_SCHEDULED_FLAG,
    ...environment,
    ...vars,
    ...persistArgs(),
  ],
  { stdio: ["inherit", "pipe", "pipe"] },
);
const verbose = Boolean(process.env.VERBOSE);
let shown = false;
let cron = null;
let pending = "";
const held = [];
child.stdout.on("data", (chunk) => {
  if (shown || verbose) process.stdout.write(chunk);
  else held.push(chunk);
  if (shown) return;
  pending = (pending + chunk).slice(-4096);
  if (/Ready on http/.test(pending)) {
    shown = true;
    const lines = Buffer.concat(held).toString("utf8").split("\n").length;
    console.log(banner);
    if (!verbose) console.log(`  (the build's ${lines} lines of output are hidden; VERBOSE=1 npm start shows them)\n`);
    // LOCAL_CRON=off: no scheduled jobs (the bench's server, whose timed windows they would disturb)
    if (process.env.LOCAL_CRON !== "off") cron = startLocalCron({ port });
  }
});
child.stderr.pipe(process.stderr);
child.on("exit", (code) => {
  cron?.stop();
  if (!shown && !verbose) process.stdout.write(Buffer.concat(held));
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    cron?.stop();
    child.kill(signal);
  });
