import type { WalletDb } from "../db/client";
import type { Databases } from "../db/databases";
import { runInOneBatch } from "../db/batch";
import { accrualStatements } from "./accrual-statements";

export type AccrualRun = { interestRows: number; principalRows: number };

/**
 * Pays what the lock-up orders of one database have earned by `nowMs` (interest per ended day, principal at
 * maturity), catching up any missed day, in one batch. Idempotent.
 */
export async function accrueFinance(db: WalletDb, nowMs: number): Promise<AccrualRun> {
  const results = await runInOneBatch(db, accrualStatements(db, nowMs));
  return { interestRows: results[0].meta.changes ?? 0, principalRows: results[4].meta.changes ?? 0 };
}

/**
 * Accrual in every wallet shard (docs/decisions/161): a lock-up lives in its player's shard, and each shard's
 * run is its own idempotent batch, so a shard that fails is caught up by the next run (the cron's, every
 * minute: worker/index.ts scheduled) while the others are paid. A failure is raised after every shard ran.
 */
export async function accrueEveryShard(dbs: Databases, nowMs: number): Promise<AccrualRun> {
  const runs = await Promise.allSettled(dbs.wallets.map((_, shard) => accrueFinance(dbs.walletPrimary(shard), nowMs)));
  const failed = runs.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed.length)
    throw new AggregateError(
      failed.map((r) => r.reason as unknown),
      "lock-up accrual failed in a shard",
    );
  return runs.reduce(
    (sum, r) =>
      r.status === "fulfilled"
        ? {
            interestRows: sum.interestRows + r.value.interestRows,
            principalRows: sum.principalRows + r.value.principalRows,
          }
        : sum,
    { interestRows: 0, principalRows: 0 },
  );
}
