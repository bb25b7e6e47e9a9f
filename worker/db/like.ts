import { type SQLWrapper, sql } from "drizzle-orm";

/** Text a person typed, as a LIKE pattern that matches it literally (% and _ are not wildcards). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows whose column starts with `prefix`, in any case: how the console finds a player by name. */
export const startsWithSql = (column: SQLWrapper, prefix: string) =>
  sql`lower(${column}) LIKE ${`${escapeLike(prefix.toLowerCase())}%`} ESCAPE '\\'`;
