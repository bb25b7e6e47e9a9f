import { ApiError } from "../api/envelope";
import { auditStatement } from "../db/audit";
import type { Db } from "../db/client";
import { runInOneBatch } from "../db/batch";
import { findProduct, updateProductStatement, type TierChange } from "../db/finance";
import { productRow } from "./present";

/** An operator's tier edit with its audit row in the same batch; running orders keep their terms. */
export async function editTier(db: Db, operatorId: number, change: TierChange, nowMs: number) {
  const before = await findProduct(db, change.id);
  if (!before) throw new ApiError(1113);
  const after = { ...before, ...change };
  await runInOneBatch(db, [
    updateProductStatement(db, change),
    auditStatement(db, {
      actorId: operatorId,
      action: "finance.tier.edit",
      target: `finance_product:${change.id}`,
      before: productRow(before),
      after: productRow(after),
      nowMs,
    }),
  ]);
  return productRow(after);
}
