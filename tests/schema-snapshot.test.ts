import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allDatabases } from "./shard-helpers";
import { applySchema } from "./support/fresh-storage";

// Every test file's databases are built from tests/fixtures/schema.sql (tests/setup.ts), not by running the
// migrations: here, in D1 itself, a database built so equals one the migrations made, object by object in creation
// order and row by row (scripts/test-schema.test.ts checks the file is what the migrations give in node:sqlite).

const schemaOf = async (d1: D1Database) =>
  (
    await d1
      .prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY rowid",
      )
      .all()
  ).results;

async function rowsOf(d1: D1Database) {
  const tables = (await schemaOf(d1)).filter((o) => o.type === "table").map((o) => String(o.name));
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    // when a migration was applied is not part of the schema
    const columns = table === "d1_migrations" ? "id, name" : "*";
    rows[table] = (await d1.prepare(`SELECT ${columns} FROM "${table}" ORDER BY rowid`).all()).results;
  }
  rows.sqlite_sequence = (await d1.prepare("SELECT name, seq FROM sqlite_sequence ORDER BY rowid").all()).results;
  return rows;
}

describe("the test databases' schema snapshot", () => {
  it("builds in D1 the database the migrations build: the same objects in the same order, the same rows", async () => {
    await applyD1Migrations(env.TEST_SCRATCH_MIGRATED, env.TEST_MIGRATIONS);
    await applySchema(env.TEST_SCRATCH_SNAPSHOT, env.TEST_SCHEMA);
    const migrated = await schemaOf(env.TEST_SCRATCH_MIGRATED);
    expect(migrated.length).toBeGreaterThan(50);
    expect(await schemaOf(env.TEST_SCRATCH_SNAPSHOT)).toEqual(migrated);
    expect(await rowsOf(env.TEST_SCRATCH_SNAPSHOT)).toEqual(await rowsOf(env.TEST_SCRATCH_MIGRATED));
    // and every database of the tests has that schema (the setup and seed after it add rows, no objects)
    for (const d1 of allDatabases()) expect(await schemaOf(d1)).toEqual(migrated);
  });
});
