import { type Table, getTableName } from "drizzle-orm";

/**
 * A table's name for SQL written as a plain string (D1's `prepare`, the move's statements, the setup rows, the demo
 * seed), quoted as Drizzle renders a table inside `sql`: taken from the schema's object, so renaming a table in
 * worker/db/schema/ renames it there too (docs/decisions/190; lint refuses the word, scripts/lint/sql-names-tables.mjs).
 */
export const quotedTable = (table: Table) => `"${getTableName(table)}"`;
