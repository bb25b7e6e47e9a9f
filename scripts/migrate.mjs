// npm run db:migrate [-- --remote]: every migration to every database, the control database (DB) and each
// wallet shard wrangler.toml binds (docs/decisions/161). All share one schema; a shard bound to the control
// database itself finds its migrations applied already.
import { persistArgs, walletBindingNames, wrangler } from "./lib/local-env.mjs";

const remote = process.argv.includes("--remote");
const bindings = ["DB", ...walletBindingNames()];
for (const binding of bindings)
  wrangler(["d1", "migrations", "apply", binding, remote ? "--remote" : "--local", ...(remote ? [] : persistArgs())], {
    quiet: true,
  });
console.log(`Databases: migrations applied (${bindings.join(", ")}${remote ? ", remote" : ""}).`);
