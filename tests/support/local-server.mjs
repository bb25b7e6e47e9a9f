// A real `wrangler dev` on a fresh local D1, for end-to-end tests and benchmarks.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** True when something already answers on the port: tests must never run against another run's server. */
async function answers(base) {
  try {
    await fetch(`${base}/login`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `npm start`'s server on the port with the given vars. `logFile`, when given, gets the server's output as
 * it comes, for processes other than this one (the end-to-end flows' parallel workers).
 */
export async function startLocalServer({ port, vars = {}, logFile }) {
  const base = `http://localhost:${port}`;
  if (await answers(base))
    throw new Error(
      `port ${port} is already in use (another run?): choose another with E2E_PORT, BENCH_PORT or AUDIT_PORT`,
    );
  const state = mkdtempSync(join(tmpdir(), "local-state-"));
  const env = { ...process.env, PERSIST_TO: state, PORT: String(port), ...vars };
  const prepared = spawnSync("node", ["scripts/prepare-local.mjs", "--from-snapshot"], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  if (prepared.status !== 0) throw new Error("preparing the local database failed");
  const prepareLog = prepared.stdout;

  let log = "";
  const child = spawn("node", ["scripts/start.mjs"], { env, detached: true });
  const take = (d) => {
    log += d;
    // the server's last lines may come after the run removed its folder (the teardown stops, then cleans)
    if (logFile && existsSync(dirname(logFile))) appendFileSync(logFile, d);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(state, { recursive: true, force: true });
  };
  process.on("exit", stop);

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      stop();
      throw new Error(`the local server exited (${child.exitCode}) before it answered\n${log.slice(-2000)}`);
    }
    try {
      if ((await fetch(`${base}/login`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the local server did not start\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // pid: `npm start`'s process, the root of the server's processes (the soak reads their memory, tests/bench/soak.bench.mjs)
  return { base, stop, log: () => log, prepareLog, pid: child.pid };
}
