import type { ControlDb, WalletDb } from "../db/client";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { toMoney } from "#shared/money";
import { auditStatementIf } from "../audit/log";
import { DEPOSIT_KEY_PREFIX, soloAdjustmentStatement, soloWindows } from "./solo-adjustments";
import { readSettings } from "../settings/settings";
import { runInOneBatch } from "../db/batch";
import { depositRequests } from "../db/schema";
import { decideRequest, type RequestDecision } from "./decisions";
import { findDeposit } from "./requests";
import { releaseSolo, reserveSolo } from "./solo-allowances";

// Deposits under the same four eyes as credits (docs/decisions/061-four-eyes-on-money.md). A deposit above
// `deposit_second_approval_cents` takes two operators: the first approval marks it, a different operator's
// approval credits it. What one operator approves alone is a solo_adjustments row, first in the batch
// that credits, so it counts in their rolling 24 hours with their credits and the table's CHECKs abort a
// batch that would pass either limit; such a deposit then waits for a second operator like a large one. With
// wallet shards the deposit is the player's shard's row and the operator's 24 hours span every shard: they are
// reserved in the control database before the credit (worker/wallet/solo-allowances.ts, docs/decisions/161).

export type WaitReason = "threshold" | "player_24h" | "operator_24h";
type Pending = NonNullable<Awaited<ReturnType<typeof findDeposit>>>;

/** The databases of a decision on one player (worker/operators/player-shards.ts). */
type Books = { control: ControlDb; wallet: WalletDb };

/**
 * The request, its credit, the solo row and the audit row are in the player's shard; the settings and the
 * operator's allowance over every shard in the control database (docs/decisions/161).
 */
export async function approveDeposit(books: Books, d: RequestDecision) {
  const db = books.wallet;
  // a lost race changes what this approval is (first, second or alone): decided again from the data, once
  for (let attempt = 0; ; attempt++) {
    const request = await findDeposit(db, { id: d.id });
    if (!request) throw new ProductError(1088);
    if (request.userId === d.operatorId) throw new ProductError(1123);
    if (request.status !== "pending") throw new ProductError(1068);
    // a request filed before the largest deposit was lowered (or before there was one) is not credited past it
    const { deposit_max_cents } = await readSettings(books.control, ["deposit_max_cents"]);
    if (request.amountCents > deposit_max_cents) throw new ProductError(1230, { num: toMoney(deposit_max_cents) });
    try {
      return await approveOnce(books, request, d);
    } catch (error) {
      if (!(error instanceof RaceLost) || attempt > 0) throw error instanceof RaceLost ? new ProductError(1068) : error;
    }
  }
}

/** This approval met a state other than the one it read (another operator's approval came between). */
class RaceLost extends Error {}

async function approveOnce(books: Books, request: Pending, d: RequestDecision) {
  const db = books.wallet;
  if (request.firstApprovedBy !== null) {
    if (request.firstApprovedBy === d.operatorId) throw new ProductError(1232);
    const second = sql`first_approved_by IS NOT NULL AND first_approved_by <> ${d.operatorId}`;
    return secondApproval(db, d, second, request.firstApprovedBy);
  }
  const limits = await readSettings(books.control, ["deposit_second_approval_cents", "adjust_operator_daily_cents"]);
  if (request.amountCents > limits.deposit_second_approval_cents) return firstApproval(db, request, d, "threshold");
  // approved alone, it counts in the operator's 24 hours over every shard: reserved first in the control database
  const ledgerKey = `${DEPOSIT_KEY_PREFIX}${d.id}`;
  const reserved = await reserveSolo(books.control, {
    operatorId: d.operatorId,
    userId: request.userId,
    ledgerKey,
    amountCents: request.amountCents,
    limitCents: limits.adjust_operator_daily_cents,
    nowMs: d.nowMs,
  });
  if (reserved === "refused") return firstApproval(db, request, d, "operator_24h");
  const solo = soloAdjustmentStatement(db, {
    operatorId: d.operatorId,
    userId: request.userId,
    amountCents: request.amountCents,
    ledgerKey,
    nowMs: d.nowMs,
    playerLimitCents: limits.deposit_second_approval_cents,
    operatorLimitCents: limits.adjust_operator_daily_cents,
  });
  try {
    return await decideRequest(db, "deposit", "approved", d, {
      first: [solo],
      allowed: sql`first_approved_by IS NULL`,
    });
  } catch (error) {
    // the shard refused the credit: the allowance goes back
    await releaseSolo(books.control, db, d.operatorId, ledgerKey);
    if (error instanceof ProductError) throw error;
    const now = await findDeposit(db, { id: d.id });
    if (now?.firstApprovedBy !== null) throw new RaceLost();
    // what is left is the 24-hour sums, read from the data: the deposit waits for a second operator
    const windows = await soloWindows(books, d.operatorId, request.userId, d.nowMs);
    if (windows.playerCents + request.amountCents > limits.deposit_second_approval_cents)
      return firstApproval(db, request, d, "player_24h");
    if (windows.operatorCents + request.amountCents > limits.adjust_operator_daily_cents)
      return firstApproval(db, request, d, "operator_24h");
    throw error;
  }
}

async function secondApproval(db: WalletDb, d: RequestDecision, allowed: SQL, firstApprovedBy: number) {
  try {
    return await decideRequest(db, "deposit", "approved", d, { allowed, audit: { firstApprovedBy } });
  } catch (error) {
    if (error instanceof ProductError) throw error;
    const now = await findDeposit(db, { id: d.id });
    if (now?.firstApprovedBy === d.operatorId) throw new ProductError(1232);
    throw error;
  }
}

/** The first of two approvals: marked on the request (guarded on it still having none), audited, no money. */
async function firstApproval(db: WalletDb, request: Pending, d: RequestDecision, waitsBecause: WaitReason) {
  const markedNow = sql`EXISTS (SELECT 1 FROM ${depositRequests} WHERE id = ${d.id} AND first_approved_by = ${d.operatorId} AND first_approved_at_ms = ${d.nowMs})`;
  const [marked] = await runInOneBatch(db, [
    db
      .update(depositRequests)
      .set({ firstApprovedBy: d.operatorId, firstApprovedAtMs: d.nowMs })
      .where(
        and(
          eq(depositRequests.id, d.id),
          eq(depositRequests.status, "pending"),
          isNull(depositRequests.firstApprovedBy),
        ),
      ),
    auditStatementIf(
      db,
      {
        actorId: d.operatorId,
        action: "deposit.approve.first",
        target: `deposit:${d.id}`,
        before: { status: "pending", userId: request.userId, amount: toMoney(request.amountCents) },
        after: { waitsForSecondOperator: true, waitsBecause, note: d.note },
        nowMs: d.nowMs,
      },
      markedNow,
    ),
  ]);
  if (marked.meta.changes !== 1) throw new RaceLost();
  return { id: d.id, status: "pending" as const, waitsBecause };
}
