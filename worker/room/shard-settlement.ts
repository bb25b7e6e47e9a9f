// Paying a drawn (or voided) round in each wallet shard that holds its bets (docs/decisions/161): one set-based
// batch per shard (worker/room/rounds.ts settlementStatements), then the shard's row in the control database,
// written only after the shard answered. A shard that fails is tried again by the room's alarm, backing off,
// while the next rounds go on; a retried batch changes nothing, so nothing is paid twice.

import type { Databases } from "../db/databases";
import { runInOneBatch, runInOneBatchAtPrimary } from "../db/batch";
import { type Settlement, roundAnsweredStatements, settlementStatements } from "./rounds";
import type { RoomState } from "./room-state";

/** The alarm tries a failing shard again after 1 s, 2 s, 4 s, then every 5 s. */
const SETTLEMENT_RETRY_MAX_MS = 5_000;
const retryDelayMs = (tries: number) => Math.min(SETTLEMENT_RETRY_MAX_MS, 1_000 * 2 ** tries);

/** One shard's settlement batch, then its answer in the control database; throws when either fails. */
export async function settleInShard(dbs: Databases, settlement: Settlement, shards: number[], shard: number) {
  const wallet = dbs.walletPrimary(shard);
  const written = await runInOneBatchAtPrimary(wallet, settlementStatements(wallet, settlement, shard));
  const control = dbs.control;
  await runInOneBatch(
    control,
    roundAnsweredStatements(control, { roundId: settlement.roundId, shards, nowMs: Date.now() }, shard),
  );
  return written.bookmark;
}

/**
 * Runs the kept settlements' missing shards (all of them, or only those whose retry is due), each shard of a
 * round at once. A round whose every shard answered is forgotten; one with a failure waits for its next try.
 */
export async function settleKeptRounds(
  dbs: Databases,
  state: RoomState,
  { onlyDue, wrote }: { onlyDue: boolean; wrote: (shard: number, bookmark: string | null) => void },
): Promise<void> {
  for (const kept of state.pendingSettlements()) {
    if (onlyDue && kept.nextAtMs > Date.now()) continue;
    const settlement = kept.settlement as Settlement;
    const shards = state.roundShards(kept.roundId);
    const outcomes = await Promise.allSettled(
      kept.missing.map(async (shard) => {
        wrote(shard, await settleInShard(dbs, settlement, shards, shard));
        state.shardAnswered(kept.roundId, shard);
      }),
    );
    const failed = outcomes.flatMap((outcome, i) =>
      outcome.status === "rejected" ? [{ shard: kept.missing[i], why: String(outcome.reason) }] : [],
    );
    if (failed.length === 0) {
      state.settlementDone(kept.roundId);
      continue;
    }
    const retryAtMs = Date.now() + retryDelayMs(kept.tries);
    state.settlementFailed(kept.roundId, retryAtMs);
    console.error(
      JSON.stringify({
        event: "settlement.shard_failed",
        round: kept.roundId,
        failed,
        tries: kept.tries + 1,
        retryAtMs,
      }),
    );
  }
}
