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
// Each wallet shard's ids start at a range of its own (worker/db/id-ranges.ts), after its migrations.
const { idRangeStatements } = await loadTs("worker/db/id-ranges.ts");
for (const [shard, binding] of walletBindingNames().entries()) {
  const statements = idRangeStatements(shard);
  if (statements.length)
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
}
console.log(`Databases: migrations applied (${bindings.join(", ")}${remote ? ", remote" : ""}).`);
