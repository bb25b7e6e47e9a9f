// A wallet shard whose database fails under a call (docs/decisions/169): every statement and batch of the
// call on that shard's binding, or in a session of it, that D1 could not run (the database unreachable,
// overloaded, reset) rejects with ShardTrouble naming the shard, the error D1 gave as its cause; a statement
// the database ran and refused (a constraint, a guard's abort) rejects as D1 gave it. The API's onError answers
// ShardTrouble 503 with errCode 1240 ("your account is busy, try again shortly"), whatever layer (drizzle, a
// route's own catch and rethrow) wrapped it on the way.

/** The seconds a call refused for a shard in trouble tells the caller to wait (Retry-After). */
export const SHARD_RETRY_SECONDS = 5;

/** A wallet shard's database failed: which shard, and D1's error as the cause. */
export class ShardTrouble extends Error {
  constructor(
    readonly shard: number,
    cause: unknown,
  ) {
    super(`wallet shard ${shard} failed`, { cause });
  }
}

/** The ShardTrouble an error is or was caused by (drizzle wraps a failed query's error as its cause). */
export function shardTroubleIn(error: unknown): ShardTrouble | undefined {
  for (let seen = error, depth = 0; seen instanceof Error && depth < 8; seen = seen.cause, depth++)
    if (seen instanceof ShardTrouble) return seen;
  return undefined;
}

type Runs = Pick<D1PreparedStatement, "bind" | "first" | "all" | "run" | "raw">;
const inner = new WeakMap<object, D1PreparedStatement>();

/**
 * A statement the database ran and refused names SQLite's result code: a broken rule or a guard's abort
 * (SQLITE_CONSTRAINT, a CHECK or a trigger's RAISE), or a statement wrong in itself (SQLITE_ERROR,
 * SQLITE_MISMATCH, SQLITE_RANGE, SQLITE_TOOBIG). The code that wrote it answers those; a database that is
 * locked, full or failing (SQLITE_BUSY, SQLITE_LOCKED, SQLITE_IOERR, SQLITE_FULL, ...) or out of reach is a
 * shard in trouble.
 */
export const refusedStatement = (error: unknown) =>
  /\bSQLITE_(CONSTRAINT|ERROR|MISMATCH|RANGE|TOOBIG)\b/.test(String((error as Error)?.message ?? error));

function told(shard: number) {
  return (error: unknown) =>
    Promise.reject(error instanceof ShardTrouble || refusedStatement(error) ? error : new ShardTrouble(shard, error));
}

function statementOf(statement: D1PreparedStatement, shard: number): D1PreparedStatement {
  const fail = told(shard);
  const runs: Runs = {
    bind: (...values: unknown[]) => statementOf(statement.bind(...values), shard),
    first: ((column?: string) =>
      (column === undefined ? statement.first() : statement.first(column)).catch(fail)) as Runs["first"],
    all: (() => statement.all().catch(fail)) as Runs["all"],
    run: (() => statement.run().catch(fail)) as Runs["run"],
    raw: ((options?: { columnNames?: boolean }) =>
      statement.raw(options as { columnNames: true }).catch(fail)) as Runs["raw"],
  };
  const wrapped = Object.assign(runs, {
    get statement() {
      return (statement as unknown as { statement: string }).statement;
    },
  }) as unknown as D1PreparedStatement;
  inner.set(wrapped, statement);
  return wrapped;
}

/** A batch runs the statements D1 made: each wrapped one is given back as its own. */
const unwrapped = (statements: D1PreparedStatement[]) => statements.map((s) => inner.get(s) ?? s);

function sessionOf(session: D1DatabaseSession, shard: number): D1DatabaseSession {
  const fail = told(shard);
  return {
    prepare: (query: string) => statementOf(session.prepare(query), shard),
    batch: (statements: D1PreparedStatement[]) => session.batch(unwrapped(statements)).catch(fail),
    getBookmark: () => session.getBookmark(),
  } as unknown as D1DatabaseSession;
}

/** One wallet shard's binding whose failures say which shard failed; what it answers is unchanged. */
export function troubleTold(d1: D1Database, shard: number): D1Database {
  const fail = told(shard);
  return {
    prepare: (query: string) => statementOf(d1.prepare(query), shard),
    batch: (statements: D1PreparedStatement[]) => d1.batch(unwrapped(statements)).catch(fail),
    exec: (query: string) => d1.exec(query).catch(fail),
    withSession: (constraint?: string) => sessionOf(d1.withSession(constraint), shard),
    dump: () => d1.dump().catch(fail),
  } as unknown as D1Database;
}
