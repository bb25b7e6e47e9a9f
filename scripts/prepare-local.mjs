// Runs before `npm start`: local secrets, migrations and seed data, so one command gives a working app.
// `--from-snapshot`: the fresh databases of a test's server, each built with its setup and seed in one wrangler call
// from the migrations' snapshot (scripts/lib/snapshot-databases.mjs).
import { ensureDevVars } from "./lib/local-env.mjs";
import { buildFromSnapshot } from "./lib/snapshot-databases.mjs";

const { PEPPER } = ensureDevVars();
if (process.argv.includes("--from-snapshot")) {
  const bindings = await buildFromSnapshot(PEPPER);
  console.log(`Databases: built from the migrations' snapshot with their demo data (${bindings.join(", ")}).`);
} else {
  await import("./migrate.mjs");
  await import("./seed-local.mjs");
}
