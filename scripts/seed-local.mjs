// npm run db:seed: the idempotent demo data (docs/architecture.md#modes) into the local D1.
// `PEPPER=<the deployed secret> npm run db:seed -- --remote` seeds a deployed database instead.
import { mkdirSync, writeFileSync } from "node:fs";
import { ensureDevVars, persistArgs, walletBindingNames, wrangler, wranglerEnvArgs } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const remote = process.argv.includes("--remote");
if (remote && !process.env.PEPPER)
  throw new Error("db:seed --remote needs PEPPER (the deployed secret) in the environment");
const pepper = remote ? process.env.PEPPER : ensureDevVars().PEPPER;
const { seedStatements } = await loadTs("worker/seed/seed.ts");
const seed = await seedStatements(pepper);
mkdirSync(".wrangler", { recursive: true });
// The control database, then each wallet shard wrangler.toml binds (docs/decisions/161); where a shard is
// the control database itself, its statements run there again and change nothing.
const targets = [["DB", seed.control]];
for (const [shard, binding] of walletBindingNames().entries()) targets.push([binding, await seed.wallet(shard)]);
let count = 0;
for (const [binding, statements] of targets) {
  writeFileSync(".wrangler/seed.sql", statements.join("\n") + "\n");
  wrangler(
    [
      "d1",
      "execute",
      binding,
      remote ? "--remote" : "--local",
      "--file",
      ".wrangler/seed.sql",
      ...(remote ? [] : persistArgs()),
      ...wranglerEnvArgs(),
    ],
    { quiet: true },
  );
  count += statements.length;
}
console.log(
  `Databases: demo data seeded (${count} statements in ${targets.length} databases${remote ? ", remote" : ""}).`,
);
