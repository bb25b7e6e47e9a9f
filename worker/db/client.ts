import type { SQL, Subquery } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type {
  SQLiteDeleteBase,
  SQLiteInsertBuilder,
  SQLiteTable,
  SQLiteUpdateBuilder,
  SelectedFields,
} from "drizzle-orm/sqlite-core";
import type {
  AnySQLiteSelectQueryBuilder,
  CreateSQLiteSelectFromBuilderMode,
  SQLiteSelectKind,
} from "drizzle-orm/sqlite-core/query-builders/select.types";
import type {
  AppendToNullabilityMap,
  AppendToResult,
  GetSelectTableName,
  GetSelectTableSelection,
  JoinType,
} from "drizzle-orm/query-builders/select.types";
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

/** Refuses a table of the other kind (`Foreign`): its argument then wants a property no table has. */
type NotForeign<Foreign, Joined> = Joined extends Foreign
  ? { "a table of the other kind of database": never }
  : unknown;

/**
 * The select after a join, as Drizzle's `SQLiteSelectJoin` makes it but kept the builder's class (Drizzle's own
 * drops the methods already called, which leaves a mapped type that the next join's wrapping could not read).
 */
type AfterJoin<
  Builder extends AnySQLiteSelectQueryBuilder,
  Kind extends JoinType,
  Joined extends SQLiteTable | Subquery | SQL,
  Name extends GetSelectTableName<Joined>,
> = SQLiteSelectKind<
  Builder["_"]["hkt"],
  Builder["_"]["tableName"],
  Builder["_"]["resultType"],
  Builder["_"]["runResult"],
  AppendToResult<
    Builder["_"]["tableName"],
    Builder["_"]["selection"],
    Name,
    Joined extends SQLiteTable
      ? Joined["_"]["columns"]
      : Joined extends Subquery
        ? Extract<Joined["_"]["selectedFields"], SelectedFields>
        : never,
    Builder["_"]["selectMode"]
  >,
  Builder["_"]["selectMode"] extends "partial" ? Builder["_"]["selectMode"] : "multiple",
  AppendToNullabilityMap<Builder["_"]["nullabilityMap"], Name, Kind>,
  Builder["_"]["dynamic"],
  Builder["_"]["excludedMethods"]
>;

/** A join that refuses the other kind's tables (an alias of its own kind's, a subquery or SQL are fine). */
type ScopedJoin<Foreign, Builder extends AnySQLiteSelectQueryBuilder, Kind extends JoinType> = <
  Joined extends SQLiteTable | Subquery | SQL,
  Name extends GetSelectTableName<Joined> = GetSelectTableName<Joined>,
>(
  table: Joined & NotForeign<Foreign, Joined>,
  on: ((aliases: Builder["_"]["selection"]) => SQL | undefined) | SQL | undefined,
) => Joins<Foreign, AfterJoin<Builder, Kind, Joined, Name>>;

type JoinMethod = "innerJoin" | "leftJoin" | "rightJoin" | "fullJoin";

/** A select whose joins, and the joins after them, name no table of the other kind of database. */
type Joins<Foreign, Builder> = Builder extends AnySQLiteSelectQueryBuilder
  ? Omit<Builder, JoinMethod> & {
      innerJoin: ScopedJoin<Foreign, Builder, "inner">;
      leftJoin: ScopedJoin<Foreign, Builder, "left">;
      rightJoin: ScopedJoin<Foreign, Builder, "right">;
      fullJoin: ScopedJoin<Foreign, Builder, "full">;
    }
  : Builder;

type ScopedSelect<Tables extends SQLiteTable, Foreign, Selection extends SelectedFields | undefined> = {
  from<From extends Source<Tables>>(
    source: From,
  ): Joins<
    Foreign,
    CreateSQLiteSelectFromBuilderMode<
      "db",
      GetSelectTableName<From>,
      "async",
      D1Result,
      Selection extends undefined ? GetSelectTableSelection<From> : Selection,
      Selection extends undefined ? "single" : "partial"
    >
  >;
};

type Scoped<Tables extends SQLiteTable, Foreign = never> = {
  select(): ScopedSelect<Tables, Foreign, undefined>;
  select<Selection extends SelectedFields>(fields: Selection): ScopedSelect<Tables, Foreign, Selection>;
  selectDistinct(): ScopedSelect<Tables, Foreign, undefined>;
  selectDistinct<Selection extends SelectedFields>(fields: Selection): ScopedSelect<Tables, Foreign, Selection>;
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
export type ControlDb = Base & Scoped<ControlTables, TablesOf<typeof walletSchema>> & { readonly [kind]: "control" };
/** One wallet shard: its players whole (their money, requests, accounts, limits, notices) and its books. */
export type WalletDb = Base & Scoped<WalletTables, TablesOf<typeof controlSchema>> & { readonly [kind]: "wallet" };
/**
 * Either kind, for the few helpers that run the same statement on any database (a session's row, an audit
 * row, SQL text). Only the tables both kinds hold can be named on it.
 */
export type AnyDb = Base &
  Scoped<TablesOf<typeof bothSchema>, TablesOf<typeof controlSchema> | TablesOf<typeof walletSchema>>;

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
