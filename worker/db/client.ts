import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof makeDb>;

const makeDb = (d1: D1Database) => drizzle(d1, { schema });

/**
 * One Drizzle instance per D1 binding for the isolate's life: building one walks the whole schema
 * (its relational config), which cost about a millisecond per request when done on every call. The
 * instance holds no request state: every query goes straight to the binding.
 */
const instances = new WeakMap<D1Database, Db>();

export function getDb(env: Env): Db {
  let db = instances.get(env.DB);
  if (!db) {
    db = makeDb(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}
