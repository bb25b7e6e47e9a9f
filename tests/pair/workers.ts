// Real Workers for the pair tests (Node side): the bundled app in Miniflare, bindings from wrangler.toml,
// each with its own in-memory D1 and Durable Objects, served on its own 127.0.0.1 port.
import { dirname } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { Miniflare, convertV4MiniflareOptions, type V4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { seedStatements } from "../../worker/seed/seed";

export const PEPPER = "pair-test-pepper";
export type LocalWorker = {
  url: string;
  /** The Worker's own D1 (what `wrangler d1 execute --local` would reach). */
  db: Awaited<ReturnType<Miniflare["getD1Database"]>>;
  /** What the Worker logged (kept here rather than printed: failure tests make it log on purpose). */
  logs: string[];
  /** Runs the Worker's cron handler once, as the every-minute trigger would. */
  scheduled: () => Promise<void>;
  dispose: () => Promise<void>;
};

export async function startWorker(bundle: string, vars: Record<string, string>): Promise<LocalWorker> {
  // wrangler.toml's load-test environment: the pair flows sign in and register many times from one address.
  // The bundle is one module: wrangler's rules for finding more (modulesRules) have nothing to find.
  const { modulesRules: _unused, ...workerOptions } = unstable_getMiniflareWorkerOptions(
    "wrangler.toml",
    "loadtest",
  ).workerOptions;
  const logs: string[] = [];
  // wrangler describes the Worker in Miniflare's older (v4) option shape; Miniflare converts it.
  const options: V4MiniflareOptions = {
    host: "127.0.0.1",
    port: 0,
    cf: false, // offline: no fetch of the Request.cf object
    handleStructuredLogs: (log) => logs.push(log.message),
    workers: [
      {
        ...workerOptions,
        name: "roundtable",
        scriptPath: bundle,
        modules: true,
        modulesRoot: dirname(bundle),
        bindings: {
          ...(workerOptions.bindings as Record<string, string>),
          PEPPER,
          SESSION_SECRET: "pair-test-session-secret",
          SMS_PROVIDER: "screen",
          ...vars,
        },
      },
    ],
  };
  const mf = new Miniflare(convertV4MiniflareOptions(options));
  const url = (await mf.ready).origin;
  const db = await mf.getD1Database("DB");
  const scheduled = async () => {
    const outcome = await (await mf.getWorker()).scheduled({ cron: "* * * * *" });
    if (outcome.outcome !== "ok") throw new Error(`the cron handler ended with ${outcome.outcome}`);
  };
  return { url, db, logs, scheduled, dispose: () => mf.dispose() };
}

/** Migrations and demo data, as `npm start` prepares a local D1. */
export async function migrateAndSeed(db: LocalWorker["db"]) {
  for (const migration of await readD1Migrations("./migrations")) {
    await db.batch(migration.queries.map((query) => db.prepare(query)));
  }
  // one database: the control database and wallet shard 0 are the same (wrangler.toml), as in npm start
  const seed = await seedStatements(PEPPER);
  await db.batch([...seed.control, ...(await seed.wallet(0))].map((statement) => db.prepare(statement)));
}
