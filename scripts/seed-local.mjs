// npm run db:seed: the idempotent demo data (DESIGN.md 9) into the local D1.
import { mkdirSync, writeFileSync } from "node:fs";
import { ensureDevVars, persistArgs, wrangler } from "./lib/local-env.mjs";
import { loadTs } from "./lib/load-ts.mjs";

const { PEPPER } = ensureDevVars();
const { seedStatements } = await loadTs("worker/db/seed.ts");
const statements = await seedStatements(PEPPER);
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/seed.sql", statements.join("\n") + "\n");
wrangler(["d1", "execute", "DB", "--local", "--file", ".wrangler/seed.sql", ...persistArgs()]);
console.log(`Seeded ${statements.length} statements.`);
