import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

type Query = { sql: string; params: unknown[] };
type Buildable = { toSQL(): Query } | { getQuery(): Query };

/**
 * The one way to write several statements together: ONE D1 batch, one transaction, so any failure
 * (an overdraw CHECK, a repeated idempotency key) rolls all of them back. drizzle's own db.batch cannot
 * bind raw `db.run(sql...)` statements such as balanceChangeStatements' (drizzle-orm 0.45 d1 session:
 * `preparedQuery.stmt` is undefined for raw SQL with parameters), so each statement is built by drizzle
 * and bound on the D1 client here. Results are raw D1 results (`.results`, `.meta.changes`).
 */
export async function runInOneBatch(db: Db, statements: readonly BatchItem<"sqlite">[]) {
  const client = db.$client;
  return client.batch(
    statements.map((statement) => {
      const item = statement as unknown as Buildable;
      const query = "toSQL" in item ? item.toSQL() : item.getQuery();
      return client.prepare(query.sql).bind(...query.params);
    }),
  );
}
