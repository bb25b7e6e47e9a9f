import { env } from "cloudflare:workers";
import { walletBindings } from "../../worker/db/shards";

// A wallet shard whose database fails, for the tests of docs/decisions/169: the binding the Worker's calls use
// is the test's own, so its D1 methods are replaced for that one binding while the test needs it.

/**
 * Makes one wallet shard's database fail: every statement and batch on its binding, and in any session of it,
 * rejects as D1 does when a database cannot be reached. Returns the way back.
 */
export function failShard(shard: number): () => void {
  const target = walletBindings(env)[shard];
  const proto = Object.getPrototypeOf(target) as {
    prepare: (this: D1Database, query: string) => D1PreparedStatement;
    batch: (this: D1Database, statements: D1PreparedStatement[]) => Promise<D1Result[]>;
    withSession: (this: D1Database, constraint?: string) => D1DatabaseSession;
  };
  const saved = { prepare: proto.prepare, batch: proto.batch, withSession: proto.withSession };
  const down = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  const statement = { bind: () => statement, first: down, all: down, run: down, raw: down };
  const broken = statement as unknown as D1PreparedStatement;
  proto.prepare = function (query) {
    return this === target ? broken : saved.prepare.call(this, query);
  };
  proto.batch = function (statements) {
    return this === target ? down() : saved.batch.call(this, statements);
  };
  proto.withSession = function (constraint) {
    if (this !== target) return saved.withSession.call(this, constraint);
    return { prepare: () => broken, batch: down, getBookmark: () => null } as unknown as D1DatabaseSession;
  };
  return () => Object.assign(proto, saved);
}
