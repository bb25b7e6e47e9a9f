// npm run db:seed: the idempotent demo data (docs/architecture.md#modes) into the local D1.
// `PEPPER=<the deployed secret> npm run db:seed -- --remote` seeds a deployed database instead.
import { mkdirSync, writeFileSync } from "node:fs";
import { ensureDevVars, persistArgs, wrangler } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const remote = process.argv.includes("--remote");
if (remote && !process.env.PEPPER)
  throw new Error("db:seed --remote needs PEPPER (the deployed secret) in the environment");
const pepper = remote ? process.env.PEPPER : ensureDevVars().PEPPER;
const { seedStatements } = await loadTs("worker/seed/seed.ts");
const statements = await seedStatements(pepper);
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/seed.sql", statements.join("\n") + "\n");
wrangler(
  [
    "d1",
    "execute",
    "DB",
    remote ? "--remote" : "--local",
    "--file",
    ".wrangler/seed.sql",
    ...(remote ? [] : persistArgs()),
  ],
  { quiet: true },
);
console.log(`Local database: demo data seeded (${statements.length} statements${remote ? ", remote" : ""}).`);
