import type { ControlDb, WalletDb } from "../db/client";
import { and, eq, sql } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { auditStatementIf, auditStatementReading } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { balanceChangeStatements, cannotCover } from "../ledger/ledger";
import { movementExists } from "../ledger/funds";
import { adjustmentRequests, users } from "../db/schema";
import { soloAdjustmentStatement, soloWindows } from "./solo-adjustments";
import { readSettings } from "../settings/settings";
import { releaseSolo, reserveSolo } from "./solo-allowances";
import { getUserById } from "../accounts/users";
import { toMoney } from "#shared/money";
import { adjustBalance, adjustmentNotice, type Adjustment } from "./adjust";
import { noticeStatement } from "../notices/queries";
import { ledgerReasons } from "../ledger/reasons";
import { assertSameRequest } from "./keys";
import { ADJUSTMENT_TEXTS, type AdjustmentText } from "#shared/adjustments";

// Four eyes on money (docs/decisions/061-four-eyes-on-money.md): never on one's own account, never above
// the bound, and whatever passes what one operator may move alone waits for a second operator: one
// adjustment above the threshold, or one that would take this operator's rolling 24 hours for this
// player past the threshold, or their own 24 hours past the daily total. The player's sum is checked inside
// the batch that writes in the player's shard (worker/wallet/solo-adjustments.ts), the operator's over every
// shard by a reservation in the control database first (worker/wallet/solo-allowances.ts), so parallel
// requests cannot pass together.

/** The databases of a decision on one player (worker/operators/player-shards.ts). */
type Books = { control: ControlDb; wallet: WalletDb };

/**
 * A credit or debit asked by an operator: made now, or queued for a second operator. The player's rows, the
 * money, the queue and the audit row are in the player's shard; the settings and the operator's allowance
 * over every shard in the control database, reserved before the money moves (docs/decisions/161).
 */
export async function askAdjustment(books: Books, a: Adjustment) {
  const db = books.wallet;
  if (a.userId === a.operatorId) throw new ProductError(1123);
  const limits = await readSettings(books.control, [
    "adjust_max_cents",
    "adjust_second_approval_cents",
    "adjust_operator_daily_cents",
  ]);
  const size = Math.abs(a.amountCents);
  if (size > limits.adjust_max_cents) throw new ProductError(1124, { num: toMoney(limits.adjust_max_cents) });
  // The console's request_id (docs/decisions/052): a repeated submit answers the request it already made.
  const first = await queuedByKey(db, a.key);
  if (first) return queuedAnswer(first, a);
  const player = await getUserById(db, a.userId);
  if (!player || player.role !== "player") throw new ProductError(1002);
  if (size > limits.adjust_second_approval_cents) return queueAdjustment(db, a, "threshold");
  // made already (the same submit again): the answer, without a second reservation
  if (await movementExists(db, a.key)) return { status: "done" as const, ...(await adjustBalance(db, a)) };
  const reserved = await reserveSolo(books.control, {
    operatorId: a.operatorId,
    userId: a.userId,
    ledgerKey: a.key,
    amountCents: a.amountCents,
    limitCents: limits.adjust_operator_daily_cents,
    nowMs: a.nowMs,
  });
  if (reserved === "refused") return queueAdjustment(db, a, "operator_24h");
  const guard = soloAdjustmentStatement(db, {
    operatorId: a.operatorId,
    userId: a.userId,
    amountCents: a.amountCents,
    ledgerKey: a.key,
    nowMs: a.nowMs,
    playerLimitCents: limits.adjust_second_approval_cents,
    operatorLimitCents: limits.adjust_operator_daily_cents,
  });
  try {
    return { status: "done" as const, ...(await adjustBalance(db, a, [guard])) };
  } catch (error) {
    // the shard refused the move (or it was never sent): the allowance goes back
    await releaseSolo(books.control, db, a.operatorId, a.key);
    if (error instanceof ProductError) throw error;
    // adjustBalance has ruled out a repeat and the balance: what is left is the 24-hour sums, read from the data.
    const windows = await soloWindows(books, a.operatorId, a.userId, a.nowMs);
    if (windows.playerCents + size > limits.adjust_second_approval_cents) return queueAdjustment(db, a, "player_24h");
    if (windows.operatorCents + size > limits.adjust_operator_daily_cents)
      return queueAdjustment(db, a, "operator_24h");
    throw error;
  }
}

type WaitReason = "threshold" | "player_24h" | "operator_24h";

async function queueAdjustment(db: WalletDb, a: Adjustment, waitsBecause: WaitReason) {
  // Refused at once rather than queued for a second operator who could only refuse it (1025).
  if (a.amountCents < 0 && (await cannotCover(db, a.userId, -a.amountCents))) throw new ProductError(1025);
  const queue = [
    db
      .insert(adjustmentRequests)
      .values({
        userId: a.userId,
        amountCents: a.amountCents,
        reason: a.reason,
        playerText: a.text,
        requestedBy: a.operatorId,
        requestKey: a.key,
        createdAtMs: a.nowMs,
      })
      .returning({ id: adjustmentRequests.id }),
    // the request's id, for its reference in the log: the row the statement before wrote
    auditStatementReading(
      db,
      {
        actorId: a.operatorId,
        action: "balance.adjust.ask",
        target: `user:${a.userId}`,
        after: {
          amount: toMoney(a.amountCents),
          text: a.text,
          reason: a.reason,
          waitsForSecondOperator: true,
          waitsBecause,
        },
        nowMs: a.nowMs,
      },
      { request: sql`(SELECT id FROM ${adjustmentRequests} WHERE request_key = ${a.key})` },
    ),
  ];
  try {
    const [queued] = await runInOneBatch(db, queue);
    return {
      status: "pending" as const,
      id: (queued.results[0] as { id: number }).id,
      userId: a.userId,
      amount: toMoney(a.amountCents),
      waitsBecause,
    };
  } catch (error) {
    // The same submit racing itself: the unique key let one through, and its audit row with it.
    const raced = await queuedByKey(db, a.key);
    if (raced) return queuedAnswer(raced, a);
    throw error;
  }
}

async function queuedByKey(db: WalletDb, key: string) {
  const [row] = await db
    .select({
      id: adjustmentRequests.id,
      userId: adjustmentRequests.userId,
      amountCents: adjustmentRequests.amountCents,
    })
    .from(adjustmentRequests)
    .where(eq(adjustmentRequests.requestKey, key))
    .limit(1);
  return row;
}

function queuedAnswer(row: { id: number; userId: number; amountCents: number }, a: Adjustment) {
  assertSameRequest(
    { userId: row.userId, amountCents: row.amountCents },
    { userId: a.userId, amountCents: a.amountCents },
  );
  return { status: "pending" as const, id: row.id, userId: row.userId, amount: toMoney(row.amountCents) };
}

/**
 * A request's place in the queue: its time, then its id. The queue merges every wallet shard, whose ids are ranges
 * of their own, so the id alone is no order of arrival (docs/decisions/163-merged-lists-follow-time.md).
 */
export const adjustmentKey = (row: { createdAtMs: number; id: number }) => [row.createdAtMs, row.id];
export const ADJUSTMENT_KEY_WIDTH = 2;

const QUEUE_ORDER = [adjustmentRequests.createdAtMs, adjustmentRequests.id];

/**
 * Pending adjustments, oldest first (the queue is worked from the oldest), through adjustment_requests_status
 * (status, created_at_ms). The asking operator is answered by id only: their account is in the control database,
 * not in a wallet shard, and the route names them (docs/decisions/176).
 */
export function listPendingAdjustments(db: WalletDb, at: PageAt) {
  return db
    .select({
      id: adjustmentRequests.id,
      userId: adjustmentRequests.userId,
      username: users.username,
      amountCents: adjustmentRequests.amountCents,
      reason: adjustmentRequests.reason,
      text: adjustmentRequests.playerText,
      requestedById: adjustmentRequests.requestedBy,
      createdAtMs: adjustmentRequests.createdAtMs,
    })
    .from(adjustmentRequests)
    .innerJoin(users, eq(users.id, adjustmentRequests.userId))
    .where(and(eq(adjustmentRequests.status, "pending"), keysetWhere(QUEUE_ORDER, at, "asc")))
    .orderBy(...keysetOrder(QUEUE_ORDER, at, "asc"))
    .limit(keysetLimit(at).limit)
    .offset(keysetLimit(at).offset);
}

export type AdjustmentDecision = { operatorId: number; id: number; approve: boolean; nowMs: number };

/** The second operator's decision; the guarded status change makes a repeated approval change nothing. */
export async function decideAdjustment(db: WalletDb, d: AdjustmentDecision) {
  const [request] = await db.select().from(adjustmentRequests).where(eq(adjustmentRequests.id, d.id));
  if (!request) throw new ProductError(1088);
  if (request.requestedBy === d.operatorId || request.userId === d.operatorId) throw new ProductError(1123);
  if (request.status !== "pending") throw new ProductError(1128);
  const status = d.approve ? "approved" : "rejected";
  const guarded = db
    .update(adjustmentRequests)
    .set({ status, decidedBy: d.operatorId, decidedAtMs: d.nowMs })
    .where(and(eq(adjustmentRequests.id, d.id), eq(adjustmentRequests.status, "pending")));
  const credit = request.amountCents > 0;
  // The guarded update runs first in the batch: if a cancel or another decision won, it changed
  // nothing, and the money and audit statements that follow find no decision of this one and write nothing.
  const decidedNow = decisionOf(d.id, status, d.operatorId, d.nowMs);
  const money = d.approve
    ? [
        ...balanceChangeStatements(db, {
          userId: request.userId,
          amountCents: request.amountCents,
          type: credit ? "topup" : "debit",
          reason: ledgerReasons.adjustment(playerTextOf(request.playerText)),
          operatorNote: request.reason,
          ref: `operator:${request.requestedBy}+${d.operatorId}`,
          idempotencyKey: `adjustment:${d.id}`,
          nowMs: d.nowMs,
          onlyIf: decidedNow,
        }),
        noticeStatement(
          db,
          adjustmentNotice(
            request.userId,
            request.amountCents,
            playerTextOf(request.playerText),
            `adjustment:${d.id}`,
            d.nowMs,
            d.id,
          ),
          decidedNow,
        ),
      ]
    : [];
  const audit = auditStatementIf(
    db,
    {
      actorId: d.operatorId,
      action: d.approve ? "balance.adjust.approve" : "balance.adjust.reject",
      target: `user:${request.userId}`,
      before: { request: d.id, status: "pending", amount: toMoney(request.amountCents), askedBy: request.requestedBy },
      after: { status },
      nowMs: d.nowMs,
    },
    decidedNow,
  );
  try {
    const [changed] = await runInOneBatch(db, [guarded, ...money, audit]);
    if (changed.meta.changes !== 1) throw new ProductError(1128);
  } catch (error) {
    if (error instanceof ProductError) throw error;
    // Read from the data, not the error's wording: the refused batch wrote nothing.
    if (await movementExists(db, `adjustment:${d.id}`)) throw new ProductError(1128);
    if (d.approve && !credit && (await cannotCover(db, request.userId, -request.amountCents)))
      throw new ProductError(1025);
    throw error;
  }
  return { id: d.id, status };
}

/**
 * The requester withdraws their own queued adjustment (docs/product.md#operators): guarded on it still pending and
 * still theirs, audited in the same batch; a second cancel or a decision first answers 1128.
 */
export async function cancelAdjustment(db: WalletDb, c: { operatorId: number; id: number; nowMs: number }) {
  const [request] = await db.select().from(adjustmentRequests).where(eq(adjustmentRequests.id, c.id));
  if (!request) throw new ProductError(1088);
  if (request.requestedBy !== c.operatorId) throw new ProductError(1179);
  if (request.status !== "pending") throw new ProductError(1128);
  const [changed] = await runInOneBatch(db, [
    db
      .update(adjustmentRequests)
      .set({ status: "cancelled", decidedBy: c.operatorId, decidedAtMs: c.nowMs })
      .where(
        and(
          eq(adjustmentRequests.id, c.id),
          eq(adjustmentRequests.status, "pending"),
          eq(adjustmentRequests.requestedBy, c.operatorId),
        ),
      ),
    auditStatementIf(
      db,
      {
        actorId: c.operatorId,
        action: "balance.adjust.cancel",
        target: `user:${request.userId}`,
        before: { request: c.id, status: "pending", amount: toMoney(request.amountCents), reason: request.reason },
        after: { status: "cancelled" },
        nowMs: c.nowMs,
      },
      decisionOf(c.id, "cancelled", c.operatorId, c.nowMs),
    ),
  ]);
  if (changed.meta.changes !== 1) throw new ProductError(1128);
  return { id: c.id, status: "cancelled" as const };
}

/** A request queued before texts existed (0015) has none: the player reads the neutral "correction". */
const playerTextOf = (stored: string): AdjustmentText =>
  stored in ADJUSTMENT_TEXTS ? (stored as AdjustmentText) : "correction";

/** True inside a batch once this very decision (status, operator, time) is the request's. */
const decisionOf = (id: number, status: string, operatorId: number, nowMs: number) =>
  sql`EXISTS (SELECT 1 FROM ${adjustmentRequests} WHERE id = ${id} AND status = ${status} AND decided_by = ${operatorId} AND decided_at_ms = ${nowMs})`;
