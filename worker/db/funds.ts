import { and, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "./client";
import { ledger } from "./schema";

export type FlowQuery = { userId: number; fromMs?: number; toMs?: number; limit: number; offset: number };

/** The player's own ledger rows (the funds ledger, /my_income), newest first. */
export function listLedgerRows(db: Db, q: FlowQuery) {
  const where: SQL[] = [eq(ledger.userId, q.userId)];
  if (q.fromMs !== undefined) where.push(gte(ledger.createdAtMs, q.fromMs));
  if (q.toMs !== undefined) where.push(lt(ledger.createdAtMs, q.toMs));
  return db
    .select({
      id: ledger.id,
      amountCents: ledger.amountCents,
      beforeCents: ledger.beforeCents,
      afterCents: ledger.afterCents,
      type: ledger.type,
      reason: ledger.reason,
      createdAtMs: ledger.createdAtMs,
    })
    .from(ledger)
    .where(and(...where))
    .orderBy(desc(ledger.createdAtMs), desc(ledger.id))
    .limit(q.limit)
    .offset(q.offset);
}

/** Whether a movement with this idempotency key was already written. */
export async function movementExists(db: Db, idempotencyKey: string): Promise<boolean> {
  const [row] = await db.select({ id: ledger.id }).from(ledger).where(eq(ledger.idempotencyKey, idempotencyKey)).limit(1);
  return !!row;
}
