import { drizzle } from "drizzle-orm/d1";

/**
 * Drizzle over a D1 binding or a request's D1 session (worker/db/read-sessions.ts). Built without the
 * schema: the code reads with the query builder, never `db.query`, so there is no relational config to
 * walk (it cost about a millisecond per instance), and an instance per request costs nothing worth a cache.
 */
const makeDb = (d1: D1Database) => drizzle(d1);

export type Db = ReturnType<typeof makeDb>;

const instances = new WeakMap<D1Database, Db>();

export function getDb(env: Env): Db {
  let db = instances.get(env.DB);
  if (!db) {
    db = makeDb(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}
