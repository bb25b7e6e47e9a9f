// npm run bench: bounded loads against a local `wrangler dev` on 127.0.0.1, printing their figures.
// Time figures are noisy on a shared 2-core machine: compare the ratios printed within one run.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startLocalServer } from "../support/local-server.mjs";

const PORT = process.env.BENCH_PORT ?? "8798";
const only = process.argv[2];

/** Runs `count` calls of `task` with `concurrency` in flight; returns throughput and latency percentiles. */
async function measure(name, { count, concurrency, maxSeconds = 60 }, task) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  async function worker() {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        await task(i);
      } catch {
        failures++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const result = { name, done: latencies.length, failures, perSecond: latencies.length / seconds, p50: pct(50), p95: pct(95) };
  console.log(
    `  ${name.padEnd(34)} ${String(result.done).padStart(5)} calls  ${result.perSecond.toFixed(1).padStart(7)}/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  failures ${failures}`,
  );
  return result;
}

// Rounds long enough to place 10,000 bets in one (scale.bench.mjs); ROUND_SECONDS from the shell wins.
const server = await startLocalServer({ port: PORT, vars: { ROUND_SECONDS: process.env.ROUND_SECONDS ?? "600" } });
const files = readdirSync("tests/bench").filter((f) => f.endsWith(".bench.mjs") && (!only || f.includes(only))).sort();
for (const file of files) {
  console.log(`\n${file}`);
  const bench = await import(pathToFileURL(join(process.cwd(), "tests/bench", file)).href);
  await bench.default({ base: server.base, measure, log: server.log });
}
server.stop();
