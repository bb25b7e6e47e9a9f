import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedStatements } from "../worker/seed/seed";
import { walletBindings } from "../worker/db/shards";
import { controlSetupStatements, walletSetupStatements } from "../worker/db/database-setup";

// Each test file gets its own storage: migrate and seed every database once, as `npm start` does locally:
// the control database and each wallet shard (docs/decisions/161; a shard bound to the control database
// itself is migrated, set up and seeded twice, which changes nothing: both roles' setup holds there, as
// tests/shards/accounts.test.ts checks in the "shards-mixed" project).
const shards = walletBindings(env);
for (const d1 of [env.DB, ...shards]) await applyD1Migrations(d1, env.TEST_MIGRATIONS);
// what npm run db:migrate sets up after the migrations (worker/db/database-setup.ts): the directory's house
// entry, each shard's id range and house account
await env.DB.batch(controlSetupStatements(Date.now()).map((s) => env.DB.prepare(s)));
for (const [shard, d1] of shards.entries())
  await d1.batch(walletSetupStatements(shard, Date.now()).map((s) => d1.prepare(s)));
const seed = await seedStatements(env.PEPPER);
await env.DB.batch(seed.control.map((s) => env.DB.prepare(s)));
for (const [shard, d1] of shards.entries()) await d1.batch((await seed.wallet(shard)).map((s) => d1.prepare(s)));
