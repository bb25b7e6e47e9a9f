import type { Table } from "drizzle-orm";
import { quotedTable } from "../db/quoted-table";

// The seed is SQL text (scripts/seed-local.mjs applies it with wrangler): literals written safely, rows
// inserted only when absent, so that seeding twice changes nothing. Tables are named through the schema's objects
// (docs/decisions/190).

/** A value the seed writes as SQL, not as a literal: a subquery for an id the directory gave. */
export type SqlExpression = { sqlExpression: string };
export const sqlExpression = (text: string): SqlExpression => ({ sqlExpression: text });

export function sqlLiteral(value: string | number | null | SqlExpression): string {
  if (value === null) return "NULL";
  if (typeof value === "object") return value.sqlExpression;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`seed number must be an integer: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

export function insertOrIgnore(table: Table, row: Record<string, string | number | null | SqlExpression>): string {
  const columns = Object.keys(row);
  return `INSERT OR IGNORE INTO ${quotedTable(table)} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlLiteral(row[c])).join(", ")});`;
}
