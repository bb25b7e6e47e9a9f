import type { BatchItem } from "drizzle-orm/batch";
import { runInOneBatchAtPrimary } from "../db/batch";
import type { WalletDb } from "../db/client";

type Statements = readonly BatchItem<"sqlite">[];
type Outcome = { results: D1Result[] } | { error: unknown };
type Member = { statements: Statements; outcome?: Outcome; wake: () => void };

/** At most this many writes share one batch (an order is 4 statements: 64 a batch). */
export const MAX_GROUP = 16;

/**
 * Group commit (docs/decisions/123): writes that arrive while one batch is on its way to D1 wait and
 * go together in the next one, one after the other inside its transaction, so each sees the ones
 * before it exactly as if it had been sent alone. With nothing on its way, a write goes at once.
 *
 * One batch is one transaction: when a write of a group breaks it (an overdraw, a repeated
 * request_id), nothing of the group was written, and each write of the group is then sent alone, in
 * arrival order, so each gets the answer it would have had without the others. (A group whose answer
 * was lost after it committed is not written twice by that: every money write carries a UNIQUE key.)
 *
 * A group is sent by one of its own writers (the first), never by a request that already has its
 * answer: every D1 call belongs to a request still waiting on it.
 */
export class GroupCommit {
  private readonly queue: Member[] = [];
  private writing = false;
  /** Batches and statements D1 took (a refused batch is not counted): the bench's per-shard figures. */
  private sent = { batches: 0, statements: 0 };

  constructor(private readonly sendBatch: (statements: Statements) => Promise<D1Result[]>) {}

  figures(): { batches: number; statements: number } {
    return { ...this.sent };
  }

  private async send(statements: Statements): Promise<D1Result[]> {
    const results = await this.sendBatch(statements);
    this.sent.batches++;
    this.sent.statements += statements.length;
    return results;
  }

  /**
   * Batches at a wallet shard's primary, each in a D1 session of its own; `wrote` hears each batch's bookmark,
   * so the writer can hand the caller a bookmark at least as late as their write (docs/decisions/160).
   */
  static atPrimary(shard: WalletDb, wrote: (bookmark: string | null) => void): GroupCommit {
    return new GroupCommit(async (statements) => {
      const { results, bookmark } = await runInOneBatchAtPrimary(shard, statements);
      wrote(bookmark);
      return results;
    });
  }

  /** This write's own results, as runInOneBatch would answer them; rejects as its batch alone would. */
  async write(statements: Statements): Promise<D1Result[]> {
    const member: Member = { statements, wake: () => {} };
    const woken = new Promise<void>((resolve) => (member.wake = resolve));
    this.queue.push(member);
    // Woken with an outcome (a group wrote it), or without one: it is first in the queue and leads.
    if (this.writing) await woken;
    if (!member.outcome) await this.sendNextGroup();
    const outcome = member.outcome!;
    if ("error" in outcome) throw outcome.error;
    return outcome.results;
  }

  private async sendNextGroup(): Promise<void> {
    this.writing = true;
    const group = this.queue.splice(0, MAX_GROUP);
    await this.sendGroup(group);
    for (const member of group) member.wake();
    const next = this.queue[0];
    if (next) next.wake();
    else this.writing = false;
  }

  /** Gives every member an outcome; never throws. */
  private async sendGroup(group: Member[]): Promise<void> {
    if (group.length > 1) {
      try {
        const results = await this.send(group.flatMap((member) => member.statements));
        let at = 0;
        for (const member of group) {
          member.outcome = { results: results.slice(at, at + member.statements.length) };
          at += member.statements.length;
        }
        return;
      } catch {
        // Rolled back as a whole: each alone below.
      }
    }
    for (const member of group) {
      try {
        member.outcome = { results: await this.send(member.statements) };
      } catch (error) {
        member.outcome = { error };
      }
    }
  }
}
