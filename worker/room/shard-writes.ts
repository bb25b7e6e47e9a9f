import type { BatchItem } from "drizzle-orm/batch";
import { runInOneBatchAtPrimary } from "../db/batch";
import { laterBookmark } from "../db/read-sessions";
import type { Databases } from "../db/databases";
import { GroupCommit } from "./group-commit";

type Statements = readonly BatchItem<"sqlite">[];

/**
 * A room's writes in the wallet shards (docs/decisions/161): orders through one group commit per shard
 * (docs/decisions/123), so the orders of one turn make one batch in each shard they are for; other writes
 * (a cancellation, a settlement) alone. It keeps the latest D1 bookmark of its writes in each shard: an
 * answer hands the player their shard's, so their next read from a replica sees their write
 * (docs/decisions/160). Each shard is the room's `Databases` handle at its primary (docs/decisions/176).
 */
export class ShardWrites {
  private readonly orders = new Map<number, GroupCommit>();
  private readonly bookmarks = new Map<number, string | null>();

  constructor(private readonly dbs: Databases) {}

  /** An order's statements in its player's shard, grouped with the orders arriving meanwhile. */
  order(shard: number, statements: Statements): Promise<D1Result[]> {
    let writes = this.orders.get(shard);
    if (!writes) {
      writes = GroupCommit.atPrimary(this.dbs.walletPrimary(shard), (bookmark) => this.wrote(shard, bookmark));
      this.orders.set(shard, writes);
    }
    return writes.write(statements);
  }

  /** One batch alone in a shard, at its primary. */
  async alone(shard: number, statements: Statements): Promise<D1Result[]> {
    const { results, bookmark } = await runInOneBatchAtPrimary(this.dbs.walletPrimary(shard), statements);
    this.wrote(shard, bookmark);
    return results;
  }

  wrote(shard: number, bookmark: string | null) {
    this.bookmarks.set(shard, laterBookmark(this.bookmarks.get(shard) ?? null, bookmark));
  }

  bookmarkOf(shard: number): string | null {
    return this.bookmarks.get(shard) ?? null;
  }

  /** What the order group commits sent to each shard (batches and statements D1 took), in shard order. */
  orderFigures(): { shard: number; batches: number; statements: number }[] {
    return [...this.orders.entries()]
      .map(([shard, writes]) => ({ shard, ...writes.figures() }))
      .sort((a, b) => a.shard - b.shard);
  }
}
