import type { SQL, Subquery } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type {
  SQLiteDeleteBase,
  SQLiteInsertBuilder,
  SQLiteTable,
  SQLiteUpdateBuilder,
  SelectedFields,
} from "drizzle-orm/sqlite-core";
import type { CreateSQLiteSelectFromBuilderMode } from "drizzle-orm/sqlite-core/query-builders/select.types";
import type { GetSelectTableName, GetSelectTableSelection } from "drizzle-orm/query-builders/select.types";
import type * as controlSchema from "./schema/control";
import type * as walletSchema from "./schema/wallet";
import type * as bothSchema from "./schema/both";

// The two kinds of database (docs/architecture.md#the-databases, docs/decisions/176): the control database
// (DB) and a wallet shard (DB_WALLET_n). A handle's type says which kind it is (a brand: one is never passed
// where the other is wanted) and which tables it may name in the query builder (select ... from, insert,
// update, delete): the control database's tables, or a shard's, and the few both hold (worker/db/schema/).
// A request's handles come from worker/db/databases.ts, never from the env.

declare const kind: unique symbol;

type TablesOf<Schema> = Extract<Schema[keyof Schema], SQLiteTable>;

/** What a query may select from on a handle: its kind's tables, a subquery or CTE built on it, or SQL. */
type Source<Tables extends SQLiteTable> = Tables | Subquery | SQL;

type ScopedSelect<Tables extends SQLiteTable, Selection extends SelectedFields | undefined> = {
  from<From extends Source<Tables>>(
    source: From,
  ): CreateSQLiteSelectFromBuilderMode<
    "db",
    GetSelectTableName<From>,
    "async",
    D1Result,
    Selection extends undefined ? GetSelectTableSelection<From> : Selection,
    Selection extends undefined ? "single" : "partial"
  >;
};

type Scoped<Tables extends SQLiteTable> = {
  select(): ScopedSelect<Tables, undefined>;
  select<Selection extends SelectedFields>(fields: Selection): ScopedSelect<Tables, Selection>;
  selectDistinct(): ScopedSelect<Tables, undefined>;
  selectDistinct<Selection extends SelectedFields>(fields: Selection): ScopedSelect<Tables, Selection>;
  insert<Table extends Tables>(into: Table): SQLiteInsertBuilder<Table, "async", D1Result>;
  update<Table extends Tables>(table: Table): SQLiteUpdateBuilder<Table, "async", D1Result>;
  delete<Table extends Tables>(from: Table): SQLiteDeleteBase<Table, "async", D1Result>;
  $count(source: Tables | SQL, filters?: SQL): ReturnType<DrizzleD1Database["$count"]>;
};

/** Drizzle over D1 without the query builder's entry points (Scoped gives them back, limited to a kind's tables). */
type Base = Omit<
  DrizzleD1Database,
  "select" | "selectDistinct" | "insert" | "update" | "delete" | "$count" | "with" | "query" | "_"
> & { $client: D1Database };

export type ControlTables = TablesOf<typeof controlSchema> | TablesOf<typeof bothSchema>;
export type WalletTables = TablesOf<typeof walletSchema> | TablesOf<typeof bothSchema>;

/** The control database: operators, the directory, rooms and rounds, content, settings, operator requests. */
export type ControlDb = Base & Scoped<ControlTables> & { readonly [kind]: "control" };
/** One wallet shard: its players whole (their money, requests, accounts, limits, notices) and its books. */
export type WalletDb = Base & Scoped<WalletTables> & { readonly [kind]: "wallet" };
/**
 * Either kind, for the few helpers that run the same statement on any database (a session's row, an audit
 * row, SQL text). Only the tables both kinds hold can be named on it.
 */
export type AnyDb = Base & Scoped<TablesOf<typeof bothSchema>>;

/**
 * Drizzle over a D1 binding or a request's D1 session (worker/db/read-sessions.ts). Built without the
 * schema: the code reads with the query builder, never `db.query` (left out of the types above), so there is
 * no relational config to walk (it cost about a millisecond per instance). The schema a handle may name is
 * in its type.
 */
const instances = new WeakMap<D1Database, DrizzleD1Database>();

function drizzleOf(d1: D1Database): DrizzleD1Database {
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1);
    instances.set(d1, db);
  }
  return db;
}

/** The control database's handle over its binding or a session of it: worker/db/databases.ts's (and tests'). */
export const controlHandle = (d1: D1Database): ControlDb => drizzleOf(d1) as unknown as ControlDb;

/** A wallet shard's handle over its binding or a session of it: worker/db/databases.ts's (and tests'). */
export const walletHandle = (d1: D1Database): WalletDb => drizzleOf(d1) as unknown as WalletDb;
