// Under `npm start` the Worker's scheduled jobs run as they do deployed (docs/decisions/172): wrangler dev does
// not fire crons by itself, so it runs with --test-scheduled and this script calls its /__scheduled route once
// the server is ready and then every minute, the schedule wrangler.toml's [triggers] names. The books check
// among those jobs then runs locally too, and the console's banner about it tells the truth.
import { readFileSync } from "node:fs";

/** The one schedule the local cron runs; wrangler.toml's crons must be this (checked by scripts/local-cron.test.ts). */
export const EVERY_MINUTE = "* * * * *";
export const CRON_EVERY_MS = 60_000;

/** wrangler dev's flag that serves /__scheduled. */
export const TEST_SCHEDULED_FLAG = "--test-scheduled";

/** The crons of wrangler.toml's top-level [triggers]. */
export function tomlCrons(toml) {
  const triggers = /^\[triggers\]\s*\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(triggers)?.[1] ?? "";
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
}

export const readTomlCrons = (path = "wrangler.toml") => tomlCrons(readFileSync(path, "utf8"));

/** The URL that runs the Worker's scheduled handler once, as the cron would. */
export const scheduledUrl = (port, cron = EVERY_MINUTE) =>
  `http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(cron)}`;

/**
 * Runs the scheduled handler now and then every minute. A run that fails is said on stderr and the next minute
 * tries again, as a deployed cron would; once stopped (the server stopping) nothing more runs or is said. `fetch` and `every` are the clock's and network's, replaceable in tests.
 */
export function startLocalCron({
  port,
  fetch = globalThis.fetch,
  every = setInterval,
  stopEvery = clearInterval,
  log = (line) => console.error(line),
}) {
  let stopped = false;
  const run = async () => {
    try {
      const answer = await fetch(scheduledUrl(port));
      await answer.text();
      if (!answer.ok && !stopped) log(`[cron] the scheduled jobs answered HTTP ${answer.status}`);
    } catch (error) {
      // a run cut short by the server stopping is no failure to report
      if (!stopped)
        log(`[cron] the scheduled jobs did not run: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const first = run();
  const timer = every(run, CRON_EVERY_MS);
  timer?.unref?.();
  return {
    first,
    stop: () => {
      stopped = true;
      stopEvery(timer);
    },
  };
}
