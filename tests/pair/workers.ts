// Real Workers for the pair tests (Node side): the bundled app in Miniflare, bindings from wrangler.toml,
// each with its own in-memory D1 and Durable Objects, served on its own 127.0.0.1 port.
import { dirname } from "node:path";
import { Miniflare, convertV4MiniflareOptions, type V4MiniflareOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { seedStatements } from "../../worker/seed/seed";
import { controlSetupStatements, walletSetupStatements } from "../../worker/db/database-setup";
import { snapshotStatements } from "../../scripts/test-schema.mjs";

export const PEPPER = "pair-test-pepper";
type D1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;
export type LocalWorker = {
  url: string;
  /** The Worker's own control database, DB (what `wrangler d1 execute --local` would reach). */
  db: D1;
  /**
   * Its wallet shards, DB_WALLET_0.. (docs/decisions/161), each a database of its own in the load-test
   * environment; a shard bound to the control database itself is left out, so each database is here once.
   */
  shards: { shard: number; db: D1 }[];
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
  const bound = workerOptions.d1Databases as Record<string, { id: string }>;
  const shards: LocalWorker["shards"] = [];
  for (let shard = 0; bound[`DB_WALLET_${shard}`]; shard++)
    if (bound[`DB_WALLET_${shard}`].id !== bound.DB.id)
      shards.push({ shard, db: await mf.getD1Database(`DB_WALLET_${shard}`) });
  const scheduled = async () => {
    const outcome = await (await mf.getWorker()).scheduled({ cron: "* * * * *" });
    if (outcome.outcome !== "ok") throw new Error(`the cron handler ended with ${outcome.outcome}`);
  };
  return { url, db, shards, logs, scheduled, dispose: () => mf.dispose() };
}

/**
 * The migrations' schema, id ranges and demo data in every database, as `npm run db:migrate` and `npm run db:seed`
 * prepare them: the schema from tests/fixtures/schema.sql in one batch a database, as every other test database starts
 * (tests/setup.ts; scripts/test-schema.test.ts and tests/schema-snapshot.test.ts check it is what the migrations give).
 */
export async function migrateAndSeed(worker: LocalWorker) {
  const schema = snapshotStatements();
  const seed = await seedStatements(PEPPER);
  const run = (db: D1, statements: string[]) => db.batch(statements.map((statement) => db.prepare(statement)));
  for (const db of databasesOf(worker)) await run(db, schema);
  await run(worker.db, controlSetupStatements(Date.now()));
  await run(worker.db, seed.control);
  // shard 0 bound to the control database itself (npm start's one database) is seeded there
  if (!worker.shards.some((s) => s.shard === 0)) await run(worker.db, await seed.wallet(0));
  for (const { shard, db } of worker.shards) {
    await run(db, walletSetupStatements(shard, Date.now()));
    await run(db, await seed.wallet(shard));
  }
}

/** Each database of a Worker once: the control database, then its wallet shards of their own. */
export const databasesOf = (worker: LocalWorker) => [worker.db, ...worker.shards.map((s) => s.db)];
