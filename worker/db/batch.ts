import type { BatchItem } from "drizzle-orm/batch";
import type { AnyDb, WalletDb } from "./client";

type Query = { sql: string; params: unknown[] };
type Buildable = { toSQL(): Query } | { getQuery(): Query };

/**
 * The one way to write several statements together: ONE D1 batch, one transaction, so any failure
 * (an overdraw CHECK, a repeated idempotency key) rolls all of them back. drizzle's own db.batch cannot
 * bind raw `db.run(sql...)` statements such as balanceChangeStatements' (drizzle-orm 0.45 d1 session:
 * `preparedQuery.stmt` is undefined for raw SQL with parameters), so each statement is built by drizzle
 * and bound on the D1 client here. Results are raw D1 results (`.results`, `.meta.changes`).
 */
export async function runInOneBatch(db: AnyDb, statements: readonly BatchItem<"sqlite">[]) {
  const client = db.$client;
  return client.batch(boundOn(client, statements));
}

/**
 * runInOneBatch in a D1 session of its own at a wallet shard's primary, answering the bookmark of the write: a
 * writer outside the caller's request session (a room writing an order or a settlement) hands it back, so the
 * caller's next read from a replica sees the write (docs/decisions/160). The shard is a handle at its primary
 * (`Databases.walletPrimary(shard)`): a request's session opens no other.
 */
export async function runInOneBatchAtPrimary(shard: WalletDb, statements: readonly BatchItem<"sqlite">[]) {
  const session = shard.$client.withSession("first-primary");
  const results = await session.batch(boundOn(session, statements));
  return { results, bookmark: session.getBookmark() };
}

function boundOn(client: D1Database | D1DatabaseSession, statements: readonly BatchItem<"sqlite">[]) {
  return statements.map((statement) => {
    const item = statement as unknown as Buildable;
    const query = "toSQL" in item ? item.toSQL() : item.getQuery();
    return client.prepare(query.sql).bind(...query.params);
  });
}
