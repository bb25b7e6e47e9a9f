import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seedStatements } from "../worker/seed/seed";
import { walletBindings } from "../worker/db/shards";
import { idRangeStatements } from "../worker/db/id-ranges";

// Each test file gets its own storage: migrate and seed every database once, as `npm start` does locally:
// the control database and each wallet shard (docs/decisions/161; a shard bound to the control database
// itself is migrated and seeded twice, which changes nothing).
const shards = walletBindings(env);
for (const d1 of [env.DB, ...shards]) await applyD1Migrations(d1, env.TEST_MIGRATIONS);
// each shard's ids from a range of its own, as npm run db:migrate starts them (worker/db/id-ranges.ts)
for (const [shard, d1] of shards.entries()) {
  const ranges = idRangeStatements(shard);
  if (ranges.length) await d1.batch(ranges.map((s) => d1.prepare(s)));
}
const seed = await seedStatements(env.PEPPER);
await env.DB.batch(seed.control.map((s) => env.DB.prepare(s)));
for (const [shard, d1] of shards.entries()) await d1.batch((await seed.wallet(shard)).map((s) => d1.prepare(s)));
