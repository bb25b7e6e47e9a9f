// npm run db:seed: the idempotent demo data (docs/architecture.md#modes) into the local D1.
// `PEPPER=<the deployed secret> npm run db:seed -- --remote` seeds a deployed database instead.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import {
  byDatabase,
  ensureDevVars,
  persistArgs,
  walletBindingNames,
  wranglerEnvArgs,
  wranglerQuiet,
} from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const remote = process.argv.includes("--remote");
if (remote && !process.env.PEPPER)
  throw new Error("db:seed --remote needs PEPPER (the deployed secret) in the environment");
const pepper = remote ? process.env.PEPPER : ensureDevVars().PEPPER;
const { seedStatements } = await loadTs("worker/seed/seed.ts");
const seed = await seedStatements(pepper);
mkdirSync(".wrangler", { recursive: true });
// The control database, then each wallet shard wrangler.toml binds (docs/decisions/161), databases of their own
// side by side; where a shard is the control database itself, its statements run there again and change nothing.
const targets = new Map([["DB", seed.control]]);
for (const [shard, binding] of walletBindingNames().entries()) targets.set(binding, await seed.wallet(shard));
await byDatabase([...targets.keys()], async (binding) => {
  const file = `.wrangler/seed-${process.pid}-${binding}.sql`;
  writeFileSync(file, targets.get(binding).join("\n") + "\n");
  try {
    await wranglerQuiet([
      "d1",
      "execute",
      binding,
      remote ? "--remote" : "--local",
      "--file",
      file,
      ...(remote ? [] : persistArgs()),
      ...wranglerEnvArgs(),
    ]);
  } finally {
    rmSync(file, { force: true });
  }
});
const count = [...targets.values()].reduce((sum, statements) => sum + statements.length, 0);
console.log(
  `Databases: demo data seeded (${count} statements in ${targets.size} databases${remote ? ", remote" : ""}).`,
);
