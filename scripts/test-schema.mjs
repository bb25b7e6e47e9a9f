// npm run test:schema: writes tests/fixtures/schema.sql, the database every workerd test file starts from
// (tests/setup.ts): migrations/*.sql applied in order to an in-memory SQLite database, as D1 applies them (each
// file in one transaction, its name then recorded in d1_migrations), then dumped as statements: every schema
// object of sqlite_master in creation order and every row the migrations insert. The control database and each
// wallet shard apply the same migrations, so one snapshot serves both. scripts/test-schema.test.ts regenerates it
// and fails when the committed file differs, so it cannot drift from the migrations.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

const ROOT = join(fileURLToPath(import.meta.url), "../..");
export const SNAPSHOT = join(ROOT, "tests/fixtures/schema.sql");
/** Between two statements of the snapshot, as in drizzle's migrations. */
const BREAKPOINT = "\n--> statement-breakpoint\n";

// applyD1Migrations' (@cloudflare/vitest-plugin) and wrangler's table of applied migrations
const D1_MIGRATIONS = `CREATE TABLE IF NOT EXISTS "d1_migrations" (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
	)`;

/** A value as an SQL literal. */
function literal(value) {
  if (value === null) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value instanceof Uint8Array) return `X'${Buffer.from(value).toString("hex")}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

const quoted = (name) => `"${name.replaceAll('"', '""')}"`;

/** The migrations applied to a fresh in-memory database, as D1 applies them. */
function migratedDatabase(dir = join(ROOT, "migrations")) {
  const db = new DatabaseSync(":memory:");
  db.exec(D1_MIGRATIONS);
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()) {
    // one transaction per file, as D1's batch: a PRAGMA foreign_keys inside it changes nothing, as in D1
    db.exec("BEGIN");
    db.exec(readFileSync(join(dir, name), "utf8"));
    record.run(name);
    db.exec("COMMIT");
  }
  return db;
}

/**
 * The statements that rebuild a database: its schema objects in creation order (sqlite_sequence is SQLite's own,
 * made with the first AUTOINCREMENT table), then each table's rows in rowid order (d1_migrations' applied_at is
 * left to its default, the time the snapshot is applied), then sqlite_sequence's rows.
 */
function dumpStatements(db) {
  const objects = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> 'sqlite_sequence' ORDER BY rowid",
    )
    .all();
  const statements = objects.map((object) => object.sql);
  for (const { name } of objects.filter((object) => object.type === "table")) {
    const columns = name === "d1_migrations" ? ["id", "name"] : null;
    const rows = db.prepare(`SELECT ${columns ? columns.join(", ") : "*"} FROM ${quoted(name)} ORDER BY rowid`).all();
    for (const row of rows) {
      const keys = Object.keys(row);
      statements.push(
        `INSERT INTO ${quoted(name)} (${keys.map(quoted).join(", ")}) VALUES (${keys.map((key) => literal(row[key])).join(", ")})`,
      );
    }
  }
  // SQLite's counters of AUTOINCREMENT tables as the migrations left them, a table rebuilt empty at 0 included
  statements.push("DELETE FROM sqlite_sequence");
  for (const { name, seq } of db.prepare("SELECT name, seq FROM sqlite_sequence ORDER BY rowid").all())
    statements.push(`INSERT INTO sqlite_sequence (name, seq) VALUES (${literal(name)}, ${literal(seq)})`);
  return statements;
}

/** The committed snapshot's statements, each without its breakpoint. */
export const snapshotStatements = () => readFileSync(SNAPSHOT, "utf8").trimEnd().split(BREAKPOINT);

/** The snapshot's text for the migrations as they are. */
export function snapshotText() {
  const db = migratedDatabase();
  try {
    return `${dumpStatements(db).join(BREAKPOINT)}\n`;
  } finally {
    db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SNAPSHOT, snapshotText());
  console.log(`wrote ${SNAPSHOT}`);
}
