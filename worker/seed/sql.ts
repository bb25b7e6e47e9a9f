// The seed is SQL text (scripts/seed-local.mjs applies it with wrangler): literals written safely, rows
// inserted only when absent, so that seeding twice changes nothing.

export function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`seed number must be an integer: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

export function insertOrIgnore(table: string, row: Record<string, string | number | null>): string {
  const columns = Object.keys(row);
  return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlLiteral(row[c])).join(", ")});`;
}
