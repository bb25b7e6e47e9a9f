import { drizzle } from "drizzle-orm/d1";
import { primaryOf } from "./read-sessions";

/**
 * Drizzle over a D1 binding or a request's D1 session (worker/db/read-sessions.ts). Built without the
 * schema: the code reads with the query builder, never `db.query`, so there is no relational config to
 * walk (it cost about a millisecond per instance), and an instance per request costs nothing worth a cache.
 */
const makeDb = (d1: D1Database) => drizzle(d1);

export type Db = ReturnType<typeof makeDb>;

const instances = new WeakMap<D1Database, Db>();

export function dbOf(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = makeDb(d1);
    instances.set(d1, db);
  }
  return db;
}

export const getDb = (env: Env): Db => dbOf(env.DB);

/** The request's database at its primary (worker/db/read-sessions.ts primaryOf): for who is signed in. */
export const getPrimaryDb = (env: Env): Db => dbOf(primaryOf(env.DB));
