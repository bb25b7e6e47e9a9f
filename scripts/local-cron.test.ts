import { describe, expect, it } from "vitest";
import {
  CRON_EVERY_MS,
  EVERY_MINUTE,
  TEST_SCHEDULED_FLAG,
  readTomlCrons,
  scheduledUrl,
  startLocalCron,
  tomlCrons,
} from "./lib/local-cron.mjs";

// `npm start` runs the Worker's scheduled jobs as deployed (docs/decisions/172): wrangler dev with
// --test-scheduled, its /__scheduled route called once ready and then every minute.

describe("the local cron of npm start", () => {
  it("runs the schedule wrangler.toml names, through wrangler's test route", () => {
    expect(readTomlCrons()).toEqual([EVERY_MINUTE]);
    expect(CRON_EVERY_MS).toBe(60_000);
    expect(TEST_SCHEDULED_FLAG).toBe("--test-scheduled");
    expect(scheduledUrl(8811)).toBe("http://127.0.0.1:8811/__scheduled?cron=*%20*%20*%20*%20*");
    expect(tomlCrons('name = "x"\n[triggers]\ncrons = ["*/5 * * * *", "0 1 * * *"]\n\n[observability]\n')).toEqual([
      "*/5 * * * *",
      "0 1 * * *",
    ]);
    expect(tomlCrons('name = "x"\n[env.loadtest]\n')).toEqual([]);
  });

  it("runs the jobs at once when started, then at every tick, and stops with the server", async () => {
    const called: string[] = [];
    let tick: (() => Promise<void>) | undefined;
    let stopped: unknown = null;
    const timer = { unref() {} };
    const cron = startLocalCron({
      port: 8811,
      fetch: async (url: string) => {
        called.push(url);
        return new Response("Ran scheduled event");
      },
      every: (run: () => Promise<void>, ms: number) => {
        expect(ms).toBe(60_000);
        tick = run;
        return timer;
      },
      stopEvery: (t: unknown) => (stopped = t),
      log: () => {},
    });
    await cron.first;
    expect(called).toEqual([scheduledUrl(8811)]);
    await tick!();
    await tick!();
    expect(called).toHaveLength(3);
    cron.stop();
    expect(stopped).toBe(timer);
  });

  it("says on stderr when a run fails, and tries again at the next tick", async () => {
    const lines: string[] = [];
    let tick: (() => Promise<void>) | undefined;
    let answers = [
      () => Promise.reject(new Error("connect ECONNREFUSED")),
      () => Promise.resolve(new Response("no", { status: 500 })),
      () => Promise.resolve(new Response("Ran scheduled event")),
    ];
    const cron = startLocalCron({
      port: 1,
      fetch: () => {
        const [next, ...rest] = answers;
        answers = rest;
        return next();
      },
      every: (run: () => Promise<void>) => {
        tick = run;
        return 0;
      },
      stopEvery: () => {},
      log: (line: string) => lines.push(line),
    });
    await cron.first;
    await tick!();
    await tick!();
    expect(lines).toEqual([
      "[cron] the scheduled jobs did not run: connect ECONNREFUSED",
      "[cron] the scheduled jobs answered HTTP 500",
    ]);
  });

  it("says nothing of a run the server's stop cut short", async () => {
    const lines: string[] = [];
    let fail: (error: Error) => void = () => {};
    const cron = startLocalCron({
      port: 1,
      fetch: () => new Promise<Response>((_, reject) => (fail = reject)),
      every: () => 0,
      stopEvery: () => {},
      log: (line: string) => lines.push(line),
    });
    cron.stop();
    fail(new Error("fetch failed"));
    await cron.first;
    expect(lines).toEqual([]);
  });
});
