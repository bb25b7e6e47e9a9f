import type { Db } from "../db/client";
import { runInOneBatch } from "../db/batch";
import { accrualStatements } from "./accrual-statements";

/**
 * Pays what the lock-up orders have earned by `nowMs` (interest per ended day, principal at maturity),
 * catching up any missed day; run by the cron every minute (worker/index.ts scheduled). Idempotent.
 */
export async function accrueFinance(db: Db, nowMs: number) {
  const results = await runInOneBatch(db, accrualStatements(db, nowMs));
  return { interestRows: results[0].meta.changes ?? 0, principalRows: results[4].meta.changes ?? 0 };
}
