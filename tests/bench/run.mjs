// npm run bench: bounded loads against a local `wrangler dev` on 127.0.0.1 (tests/bench/*.bench.mjs) and
// figures from the real runtime (tests/bench/*.bench.test.ts, vitest "bench" project), printed as ONE
// table at the end. Time figures are noisy on a shared 2-core machine: compare ratios within one run.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startLocalServer } from "../support/local-server.mjs";
import { describeBundle, dryRunDeploy } from "../../scripts/deploy-check.mjs";

const PORT = process.env.BENCH_PORT ?? "8798";
const only = process.argv[2];
const rows = [];
const progress = (line) => console.error(line);

/** A row of the final table. */
function report(section, name, figure) {
  rows.push({ section, name, figure });
  progress(`  ${section} | ${name} | ${figure}`);
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
    const figure = failures
      ? `${failures} of ${failures + result.done} calls FAILED (${[...new Set(errors)].slice(0, 3).join("; ")}); no throughput`
      : `${result.perSecond.toFixed(1)}/s at ${concurrency} in flight, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, ${result.done} calls`;
    report(section, name, figure);
  }
  return result;
}

/** a / b of one figure of two measures ("perSecond", "p50"), or why it is not given: a part had failed calls. */
function ratio(a, b, key = "perSecond", digits = 2) {
  const failed = [a, b].filter((m) => m.failures > 0);
  if (failed.length) return `no ratio (${failed.map((m) => `${m.name}: ${m.failures} failed`).join(", ")})`;
  return (a[key] / b[key]).toFixed(digits);
}

/** Runs `count` calls of `task` with `concurrency` in flight; returns throughput and latency percentiles. */
async function measure(name, { count, concurrency, maxSeconds = 60, section = "http", quiet = false }, task) {
  const latencies = [];
  const errors = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  async function worker() {
    while (next < count && performance.now() < deadline) {
      next++;
      const t0 = performance.now();
      try {
        await task();
        latencies.push(performance.now() - t0);
      } catch (error) {
        failures++;
        errors.push(String(error?.message ?? error));
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarize(
    name,
    { concurrency, section, quiet },
    latencies,
    (performance.now() - started) / 1000,
    failures,
    errors,
  );
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

// Figures from the real runtime first (no server needed).
if (!only || "settlement".includes(only)) {
  const run = spawnSync("npx", ["vitest", "run", "--project", "bench"], {
    env: { ...process.env, BENCH: "1" },
    encoding: "utf8",
  });
  for (const line of `${run.stdout}\n${run.stderr}`.split("\n")) {
    const at = line.indexOf("BENCH_ROW ");
    if (at >= 0) {
      const row = JSON.parse(line.slice(at + "BENCH_ROW ".length));
      report(row.section, row.name, row.figure);
    }
  }
  if (run.status !== 0) report("settlement", "vitest bench project", `failed (exit ${run.status})`);
}

// The bundle a deploy would upload, against the Workers plan limits (before the server: the dry run builds).
if (!only || "bundle".includes(only) || "deploy".includes(only)) {
  try {
    report("deploy", "Worker bundle (wrangler deploy --dry-run)", describeBundle(dryRunDeploy()));
  } catch (error) {
    report("deploy", "Worker bundle (wrangler deploy --dry-run)", `failed: ${String(error).split("\n")[0]}`);
  }
}

const files = readdirSync("tests/bench")
  .filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only)))
  .sort();
if (files.length) {
  // Rounds long enough to place 10,000 bets in one (scale.bench.mjs); ROUND_SECONDS from the shell wins.
  // Every call comes from this one address: the per-source throttles (40 logins in seconds in
  // account.bench.mjs, against 30 a minute in production) are raised as a local load test may.
  const perMinute = "1000";
  const server = await startLocalServer({
    port: PORT,
    vars: {
      ROUND_SECONDS: process.env.ROUND_SECONDS ?? "600",
      RATE_LIMIT_LOGIN_PER_MINUTE: perMinute,
      RATE_LIMIT_REGISTER_PER_MINUTE: perMinute,
      RATE_LIMIT_SMS_PER_MINUTE: perMinute,
      RATE_LIMIT_OPERATOR_LOGIN_PER_MINUTE: perMinute,
    },
  });
  try {
    for (const file of files) {
      progress(`\n${file}`);
      const bench = await import(pathToFileURL(join(process.cwd(), "tests/bench", file)).href);
      await bench.default({ base: server.base, measure, combine, ratio, report, log: server.log });
    }
  } finally {
    server.stop();
  }
}

const width = (key) => Math.max(key.length, ...rows.map((r) => r[key].length));
const [ws, wn] = [width("section"), width("name")];
console.log(
  `\nnpm run bench, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, wrangler dev on 127.0.0.1\n`,
);
console.log(`| ${"section".padEnd(ws)} | ${"measure".padEnd(wn)} | figure |`);
console.log(`|${"-".repeat(ws + 2)}|${"-".repeat(wn + 2)}|--------|`);
for (const r of rows) console.log(`| ${r.section.padEnd(ws)} | ${r.name.padEnd(wn)} | ${r.figure} |`);
