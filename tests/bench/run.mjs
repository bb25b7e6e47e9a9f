// npm run bench: bounded loads against a local `wrangler dev` on 127.0.0.1 (tests/bench/*.bench.mjs) and
// figures from the real runtime (tests/bench/*.bench.test.ts, vitest "bench" project), printed as ONE
// table at the end, whatever fails on the way: a part that fails has its row saying why, and the run
// exits non-zero. Time figures are noisy on a shared 2-core machine: compare ratios within one run.
// `npm run bench -- <part>` runs the parts whose name contains <part>; `npm run bench -- smoke` runs every
// part at tiny sizes (CI runs it: a part that no longer works fails the build, whatever its figures).
// `npm run bench -- soak 6`: the soak for 6 minutes (SOAK_MINUTES too; 60 by default, 1 in the smoke run).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startLocalServer } from "../support/local-server.mjs";
import { startTwilioServer } from "../support/twilio-server.mjs";
import { describeBundle, dryRunDeploy } from "../../scripts/deploy-check.mjs";

const PORT = process.env.BENCH_PORT ?? "8798";
const args = process.argv.slice(2);
const smoke = args.includes("smoke");
// a number is the soak's minutes (`npm run bench -- soak 6`, tests/bench/soak.bench.mjs)
const minutes = args.find((a) => /^\d+$/.test(a));
const only = args.find((a) => a !== "smoke" && a !== minutes);
const wanted = (name) => !only || name.includes(only) || only.includes(name);
const rows = [];
const failed = [];
const progress = (line) => console.error(line);
const started = performance.now();

/** A row of the final table. */
function report(section, name, figure) {
  rows.push({ section, name, figure });
  progress(`  ${section} | ${name} | ${figure}`);
}

/** A part that could not give its figures: its row says why, and the run will exit non-zero. */
function reportFailure(section, name, error) {
  const why = String(error?.message ?? error)
    .split("\n")[0]
    .slice(0, 300);
  failed.push(`${section}: ${name}`);
  report(section, name, `FAILED: ${why}`);
}

/**
 * The figures of calls made with `concurrency` in flight; reported unless quiet. Throughput and latency
 * count successful calls only: a part with failed calls says how many failed and why, and `ratio`
 * refuses to compare it.
 */
function summarize(name, { concurrency, section = "http", quiet = false }, latencies, seconds, failures, errors = []) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  const result = {
    name,
    done: sorted.length,
    failures,
    errors,
    seconds,
    latencies: sorted,
    perSecond: sorted.length / seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
  if (!quiet) {
    if (failures) {
      reportFailure(
        section,
        name,
        `${failures} of ${failures + result.done} calls failed (${[...new Set(errors)].slice(0, 3).join("; ")}); no throughput`,
      );
    } else {
      report(
        section,
        name,
        `${result.perSecond.toFixed(1)}/s at ${concurrency} in flight, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, ${result.done} calls`,
      );
    }
  }
  return result;
}

/** a / b of one figure of two measures ("perSecond", "p50"), or why it is not given: a part had failed calls. */
function ratio(a, b, key = "perSecond", digits = 2) {
  const failedParts = [a, b].filter((m) => m.failures > 0);
  if (failedParts.length) return `no ratio (${failedParts.map((m) => `${m.name}: ${m.failures} failed`).join(", ")})`;
  return (a[key] / b[key]).toFixed(digits);
}

/** Runs `count` calls of `task` with `concurrency` in flight; returns throughput and latency percentiles. */
async function measure(name, { count, concurrency, maxSeconds = 60, section = "http", quiet = false }, task) {
  const latencies = [];
  const errors = [];
  let next = 0;
  let failures = 0;
  const t0 = performance.now();
  const deadline = t0 + maxSeconds * 1000;
  async function worker() {
    while (next < count && performance.now() < deadline) {
      next++;
      const callStart = performance.now();
      try {
        await task();
        latencies.push(performance.now() - callStart);
      } catch (error) {
        failures++;
        errors.push(String(error?.message ?? error));
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarize(name, { concurrency, section, quiet }, latencies, (performance.now() - t0) / 1000, failures, errors);
}

/** Several quiet measures of one task as one: their calls and their time added up. */
function combine(name, options, parts) {
  const sum = (key) => parts.reduce((total, part) => total + part[key], 0);
  return summarize(
    name,
    options,
    parts.flatMap((part) => part.latencies),
    sum("seconds"),
    sum("failures"),
    parts.flatMap((part) => part.errors),
  );
}

function printTable() {
  const width = (key) => Math.max(key.length, ...rows.map((r) => r[key].length));
  const [ws, wn] = [width("section"), width("name")];
  const kind = smoke
    ? "smoke run (tiny sizes: the figures say that each part works, not how fast)"
    : "wrangler dev on 127.0.0.1";
  console.log(
    `\nnpm run bench${args.length ? ` -- ${args.join(" ")}` : ""}, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${kind}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  console.log(`| ${"section".padEnd(ws)} | ${"measure".padEnd(wn)} | figure |`);
  console.log(`|${"-".repeat(ws + 2)}|${"-".repeat(wn + 2)}|--------|`);
  for (const r of rows) console.log(`| ${r.section.padEnd(ws)} | ${r.name.padEnd(wn)} | ${r.figure} |`);
  if (failed.length) console.log(`\n${failed.length} part(s) FAILED: ${failed.join("; ")}`);
}

async function main() {
  // Figures from the real runtime first (no server needed): settlement, and orders per wallet shard. One vitest run
  // a part, one after the other, so neither part's figures carry the other's load; the smoke run, whose figures say
  // only that each part works, runs both projects in one vitest (one start of vitest and its servers fewer).
  const runtimeParts = [
    ["settlement", "bench"],
    ["shards", "bench-shards"],
  ].filter(([part]) => wanted(part));
  for (const group of smoke ? [runtimeParts] : runtimeParts.map((part) => [part])) {
    if (!group.length) continue;
    const run = spawnSync("npx", ["vitest", "run", ...group.flatMap(([, project]) => ["--project", project])], {
      env: { ...process.env, BENCH: "1", BENCH_SMOKE: smoke ? "1" : "" },
      encoding: "utf8",
    });
    const figures = new Map(group.map(([part]) => [part, 0]));
    for (const line of `${run.stdout}\n${run.stderr}`.split("\n")) {
      const at = line.indexOf("BENCH_ROW ");
      if (at >= 0) {
        const row = JSON.parse(line.slice(at + "BENCH_ROW ".length));
        report(row.section, row.name, row.figure);
        if (figures.has(row.section)) figures.set(row.section, figures.get(row.section) + 1);
      }
    }
    for (const [part, project] of group) {
      if (run.status === 0 && figures.get(part) > 0) continue;
      const why =
        `${run.stdout}\n${run.stderr}`.split("\n").find((l) => /Error|FAIL|×/.test(l)) ?? `exit ${run.status}`;
      reportFailure(
        part,
        `vitest ${project} project`,
        `${figures.get(part)} figures, exit ${run.status}: ${why.trim()}`,
      );
    }
  }

  // The bundle a deploy would upload, against the Workers plan limits (before the server: the dry run
  // builds). The smoke run leaves it to `npm run deploy:check`, which CI runs on its own.
  if (!smoke && (wanted("bundle") || wanted("deploy"))) {
    try {
      report("deploy", "Worker bundle (wrangler deploy --dry-run)", describeBundle(dryRunDeploy()));
    } catch (error) {
      reportFailure("deploy", "Worker bundle (wrangler deploy --dry-run)", error);
    }
  }

  const wantedFiles = readdirSync("tests/bench")
    .filter((f) => f.endsWith(".bench.mjs") && wanted(f.replace(".bench.mjs", "")))
    .sort();
  /** Runs one part; a part that throws gets its row saying why. */
  const runPart = async (file, bench, context) => {
    progress(`\n${file}`);
    try {
      await bench.default({ measure, combine, ratio, report, smoke, ...context });
    } catch (error) {
      reportFailure(file.replace(".bench.mjs", ""), "part", error);
    }
  };
  // Parts that need no server (they say so: `export const offline = true`) run first, whatever the server does.
  const files = [];
  for (const file of wantedFiles) {
    const bench = await import(pathToFileURL(join(process.cwd(), "tests/bench", file)).href);
    if (bench.offline) await runPart(file, bench, {});
    else files.push(file);
  }
  if (!files.length) return;
  // Codes go out through Twilio's API to a local Twilio-shaped server and are read back from it, as the
  // end-to-end flows read them (tests/e2e/flows.spec.mjs): the Worker's log never carries a code.
  const twilio = await startTwilioServer();
  let server;
  try {
    // Rounds long enough to place 10,000 bets in one (scale.bench.mjs); ROUND_SECONDS from the shell wins.
    // Every call comes from this one address: the per-source throttles (40 logins in seconds in
    // account.bench.mjs, against 30 a minute in production) are raised by wrangler.toml's load-test environment.
    server = await startLocalServer({
      port: PORT,
      vars: {
        ROUND_SECONDS: process.env.ROUND_SECONDS ?? "600",
        // no scheduled jobs in the measured windows: the local cron would wake every room at start (so the scale
        // part found rounds already under way) and run the books check over the bets being timed
        LOCAL_CRON: "off",
        WRANGLER_ENV: "loadtest",
        SMS_PROVIDER: "twilio",
        TWILIO_API_BASE: twilio.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: twilio.from,
      },
    });
  } catch (error) {
    await twilio.close();
    for (const file of files) reportFailure(file.replace(".bench.mjs", ""), "local server", error);
    return;
  }
  /** The code of the newest text message sent to this national number, read from the Twilio-shaped server. */
  const smsCode = async (phone) => {
    for (let tries = 0; tries < 50; tries++) {
      const message = twilio.sent().findLast((m) => m.to.endsWith(phone.replace(/^0+/, "")));
      const code = /\b\d{6}\b/.exec(message?.body ?? "")?.[0];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no text message with a code went to ${phone}`);
  };
  try {
    for (const file of files) {
      const bench = await import(pathToFileURL(join(process.cwd(), "tests/bench", file)).href);
      await runPart(file, bench, { base: server.base, log: server.log, smsCode, serverPid: server.pid, minutes });
    }
  } finally {
    server.stop();
    await twilio.close();
  }
}

try {
  await main();
} catch (error) {
  reportFailure("bench", "run", error);
}
printTable();
process.exit(failed.length ? 1 : 0);
