declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The migrations' schema and rows as statements, tests/fixtures/schema.sql (npm run test:schema). */
    TEST_SCHEMA: string[];
    /** Empty databases of tests/schema-snapshot.test.ts: one migrated, one built from the snapshot. */
    TEST_SCRATCH_MIGRATED: D1Database;
    TEST_SCRATCH_SNAPSHOT: D1Database;
    /** "1" in npm run bench -- smoke (the "bench" project only). */
    BENCH_SMOKE?: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../worker/index");
  }
}
