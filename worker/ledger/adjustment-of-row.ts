import type { AdjustmentMade } from "#shared/request-ref";

// Which adjustment an operator's ledger row belongs to, for its reference (shared/request-ref.ts adjustmentRef,
// docs/decisions/195): the player's statement, the console's player file and the CSV files read it the one way.

/** A queued adjustment's ledger key once approved (worker/wallet/adjustments.ts writes it). */
const QUEUED_KEY = /^adjustment:(\d+)$/;

export type AdjustmentRowFields = {
  reasonKey: string | null;
  idempotencyKey: string;
  /** the solo_adjustments row whose ledger_key is this row's key: one made alone */
  soloAdjustmentId?: number | null;
};

/** Made alone (its solo row) or queued and approved (its key adjustment:<request id>); null for any other row. */
export function adjustmentOfRow(r: AdjustmentRowFields): { made: AdjustmentMade; adjustmentId: number } | null {
  if (r.reasonKey !== "adjustment") return null;
  if (r.soloAdjustmentId != null) return { made: "alone", adjustmentId: r.soloAdjustmentId };
  const queued = QUEUED_KEY.exec(r.idempotencyKey);
  return queued ? { made: "queued", adjustmentId: Number(queued[1]) } : null;
}
