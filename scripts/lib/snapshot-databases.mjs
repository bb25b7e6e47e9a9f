// The fresh local databases of a test's server (`node scripts/prepare-local.mjs --from-snapshot`, as
// tests/support/local-server.mjs and scripts/player-move.test.ts run it): each database built from
// tests/fixtures/schema.sql, the migrations' result that the workerd tests start from (scripts/test-schema.mjs, checked
// against the migrations by scripts/test-schema.test.ts), then the setup npm run db:migrate adds and the demo data
// npm run db:seed writes, all in ONE batch a database, through one runtime of wrangler's local bindings for them all
// (scripts/lib/local-d1.mjs): a `wrangler d1 execute` costs seconds of CPU whatever it runs (docs/decisions/170 and
// 181), and `d1 migrations apply` about 30 s a database.
import { bindingsByDatabase, walletBindingNames } from "./local-env.mjs";
import { localD1 } from "./local-d1.mjs";
import { loadTs } from "./load-ts.mjs";
import { snapshotStatements } from "../test-schema.mjs";

/**
 * Builds every database wrangler.toml binds (for WRANGLER_ENV) from the snapshot, with its setup and seed. Bindings
 * that are one database (DB_WALLET_0 bound to the control database, as `npm start` has it) share one file, in the
 * order db:migrate then db:seed would run them: the schema once, every binding's setup, every binding's seed.
 */
export async function buildFromSnapshot(pepper) {
  const { controlSetupStatements, walletSetupStatements } = await loadTs("worker/db/database-setup.ts");
  const { seedStatements } = await loadTs("worker/seed/seed.ts");
  const now = Date.now();
  const seed = await seedStatements(pepper, now);
  const bindings = ["DB", ...walletBindingNames()];
  const setup = (i) => (i === 0 ? controlSetupStatements(now) : walletSetupStatements(i - 1, now));
  const seedOf = async (i) => (i === 0 ? seed.control : await seed.wallet(i - 1));
  const local = await localD1();
  try {
    for (const group of bindingsByDatabase(bindings)) {
      const indexes = group.map((binding) => bindings.indexOf(binding));
      const statements = [
        ...snapshotStatements(),
        ...indexes.flatMap(setup),
        ...(await Promise.all(indexes.map(seedOf))).flat(),
      ];
      const db = local.env[group[0]];
      await db.batch(statements.map((s) => db.prepare(s.replace(/;\s*$/, ""))));
    }
  } finally {
    await local.dispose();
  }
  return bindings;
}
