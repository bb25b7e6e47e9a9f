import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedStatements } from "../worker/seed/seed";

// Each test file gets its own storage: migrate and seed it once, as `npm start` does locally.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const statements = await seedStatements(env.PEPPER);
await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
