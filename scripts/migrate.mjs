// npm run db:migrate [-- --remote]: every migration to every database, the control database (DB) and each
// wallet shard wrangler.toml binds (docs/decisions/161). All share one schema; a shard bound to the control
// database itself finds its migrations applied already.
import { persistArgs, walletBindingNames, wrangler, wranglerEnvArgs } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const remote = process.argv.includes("--remote");
const bindings = ["DB", ...walletBindingNames()];
for (const binding of bindings)
  wrangler(
    [
      "d1",
      "migrations",
      "apply",
      binding,
      remote ? "--remote" : "--local",
      ...(remote ? [] : persistArgs()),
      ...wranglerEnvArgs(),
    ],
    {
      quiet: true,
    },
  );
// What each database needs after its migrations (worker/db/database-setup.ts): the directory's house entry in
// the control database; each wallet shard's id range and house account. No demo data: that is db:seed's.
const { controlSetupStatements, walletSetupStatements } = await loadTs("worker/db/database-setup.ts");
const setups = [
  ["DB", controlSetupStatements(Date.now())],
  ...walletBindingNames().map((binding, shard) => [binding, walletSetupStatements(shard, Date.now())]),
];
for (const [binding, statements] of setups)
  wrangler(
    [
      "d1",
      "execute",
      binding,
      remote ? "--remote" : "--local",
      "--command",
      statements.join(";\n"),
      ...(remote ? [] : persistArgs()),
      ...wranglerEnvArgs(),
    ],
    { quiet: true },
  );
console.log(`Databases: migrations applied (${bindings.join(", ")}${remote ? ", remote" : ""}).`);
