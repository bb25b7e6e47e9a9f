// npm run db:migrate [-- --remote]: every migration to every database, the control database (DB) and each
// wallet shard wrangler.toml binds (docs/decisions/161). All share one schema; a shard bound to the control
// database itself finds its migrations applied already. Databases of their own are migrated side by side.
// A test's server builds its databases from the migrations' snapshot instead (scripts/lib/snapshot-databases.mjs).
import { byDatabase, persistArgs, walletBindingNames, wranglerEnvArgs, wranglerQuiet } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const remote = process.argv.includes("--remote");
const where = [remote ? "--remote" : "--local", ...(remote ? [] : persistArgs()), ...wranglerEnvArgs()];
// What each database needs after its migrations (worker/db/database-setup.ts): the directory's house entry in
// the control database; each wallet shard's id range and house account. No demo data: that is db:seed's.
const { controlSetupStatements, walletSetupStatements } = await loadTs("worker/db/database-setup.ts");
const setups = new Map([
  ["DB", controlSetupStatements(Date.now())],
  ...walletBindingNames().map((binding, shard) => [binding, walletSetupStatements(shard, Date.now())]),
]);

await byDatabase([...setups.keys()], async (binding) => {
  await wranglerQuiet(["d1", "migrations", "apply", binding, ...where]);
  await wranglerQuiet(["d1", "execute", binding, "--command", setups.get(binding).join(";\n"), ...where]);
});
console.log(`Databases: migrations applied (${[...setups.keys()].join(", ")}${remote ? ", remote" : ""}).`);
