import { isTable } from "drizzle-orm";
import { build } from "esbuild";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

let bundles = 0;

/** Bundles a TypeScript module of the Worker for Node and imports it (seed, verify-round). */
export async function loadTs(entry) {
  const outdir = join(process.cwd(), "node_modules", ".cache", "scripts");
  mkdirSync(outdir, { recursive: true });
  // a file of this process's own, removed once imported: two processes bundling one entry at once (npm test's
  // servers and the bench's, side by side in CI) must never import the other's half-written file
  const outfile = join(outdir, `${entry.replace(/[^\w]+/g, "_")}-${process.pid}-${++bundles}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    outfile,
    logLevel: "error",
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}

/**
 * Each table of worker/db/schema.ts by its object's name, quoted as worker/db/quoted-table.ts quotes it
 * (`tables.auditLog` is `"audit_log"`): the scripts' SQL text names a table through the schema, never as a word
 * (docs/decisions/190, lint's local/sql-names-tables).
 */
export async function quotedTables() {
  const [schema, { quotedTable }] = await Promise.all([
    loadTs("worker/db/schema.ts"),
    loadTs("worker/db/quoted-table.ts"),
  ]);
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([, value]) => isTable(value))
      .map(([name, table]) => [name, quotedTable(table)]),
  );
}
