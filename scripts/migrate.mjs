// npm run db:migrate [-- --remote]: every migration to every database, the control database (DB) and each
// wallet shard wrangler.toml binds (docs/decisions/161). All share one schema; a shard bound to the control
// database itself finds its migrations applied already. Databases of their own are migrated side by side.
// `--from-snapshot` (local only, for the fresh databases of a test's server: tests/support/local-server.mjs) builds
// each database from tests/fixtures/schema.sql instead, the migrations' result that the workerd tests start from
// (scripts/test-schema.mjs, checked against the migrations by scripts/test-schema.test.ts): one wrangler call a
// database instead of `d1 migrations apply`, which costs about 30 s of CPU a database (docs/decisions/170).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import {
  byDatabase,
  d1DatabaseIds,
  persistArgs,
  walletBindingNames,
  wranglerEnvArgs,
  wranglerQuiet,
} from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";
import { snapshotStatements } from "./test-schema.mjs";

const remote = process.argv.includes("--remote");
const fromSnapshot = process.argv.includes("--from-snapshot");
if (remote && fromSnapshot) throw new Error("db:migrate --from-snapshot builds local databases only");
const where = [remote ? "--remote" : "--local", ...(remote ? [] : persistArgs()), ...wranglerEnvArgs()];
// What each database needs after its migrations (worker/db/database-setup.ts): the directory's house entry in
// the control database; each wallet shard's id range and house account. No demo data: that is db:seed's.
const { controlSetupStatements, walletSetupStatements } = await loadTs("worker/db/database-setup.ts");
const setups = new Map([
  ["DB", controlSetupStatements(Date.now())],
  ...walletBindingNames().map((binding, shard) => [binding, walletSetupStatements(shard, Date.now())]),
]);

/**
 * The snapshot and the database's setup in one file, run by one wrangler call; a shard bound to the control
 * database itself (byDatabase runs it after the control database) gets its setup only.
 */
const built = new Set();
async function buildFromSnapshot(binding) {
  const database = d1DatabaseIds("wrangler.toml", process.env.WRANGLER_ENV)[binding] ?? binding;
  const schema = built.has(database) ? "" : `${snapshotStatements().join(";\n")};\n`;
  built.add(database);
  mkdirSync(".wrangler", { recursive: true });
  const file = `.wrangler/snapshot-${process.pid}-${binding}.sql`;
  writeFileSync(file, `${schema}${setups.get(binding).join(";\n")};\n`);
  try {
    await wranglerQuiet(["d1", "execute", binding, "--file", file, ...where]);
  } finally {
    rmSync(file, { force: true });
  }
}

if (fromSnapshot) {
  // one after another: side by side, a wrangler starting on the same state folder once met "database is locked"
  for (const binding of setups.keys()) await buildFromSnapshot(binding);
} else {
  await byDatabase([...setups.keys()], async (binding) => {
    await wranglerQuiet(["d1", "migrations", "apply", binding, ...where]);
    await wranglerQuiet(["d1", "execute", binding, "--command", setups.get(binding).join(";\n"), ...where]);
  });
}
console.log(
  `Databases: ${fromSnapshot ? "built from the migrations' snapshot" : "migrations applied"} (${[...setups.keys()].join(", ")}${remote ? ", remote" : ""}).`,
);
