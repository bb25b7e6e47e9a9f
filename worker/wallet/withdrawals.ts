import { sql } from "drizzle-orm";
import { ApiError } from "../api/envelope";
import { auditStatement } from "../db/audit";
import { findOwnCard } from "../db/bank-cards";
import type { Db } from "../db/client";
import { runInOneBatch } from "../db/batch";
import { balanceChangeStatements, cannotCover } from "../db/ledger";
import {
  decideStatement,
  findWithdrawal,
  insertWithdrawalStatement,
  requestDecided,
  withdrawnInWindow,
} from "../db/wallet-requests";
import { readWalletSettings } from "../db/wallet-settings";
import { adjustedRecently, adjustedRecentlySql } from "../db/solo-adjustments";
import { getUserById } from "../db/users";
import { toMoney } from "../money";
import { todayWindow } from "./days";
import { assertSameRequest } from "./keys";
import { checkPayPassword } from "./pay-password";
import { ledgerReasons } from "../db/ledger-reasons";
import { noticeStatement } from "../db/notices";

export type WithdrawalAsk = { userId: number; bankId: number; amountCents: number; pwd: string; key: string; pepper: string; nowMs: number };

/**
 * A withdrawal request (docs/product.md#money): the amount is held at once (ledger "wait") in the batch that
 * writes the request, so it cannot be spent or withdrawn twice; it waits for an operator to approve or reject it.
 * The checks before the batch give the clear answer; the batch itself enforces balance and cap.
 */
export async function requestWithdrawal(db: Db, ask: WithdrawalAsk): Promise<void> {
  // A repeat is checked like a first submit (the password too, counted), then must ask the same thing.
  const card = await findOwnCard(db, ask.userId, ask.bankId);
  if (!card) throw new ApiError(1032);
  const user = await checkPayPassword(db, ask.pepper, ask.userId, ask.pwd, ask.nowMs);
  if (await isRepeatOf(db, ask)) return;
  if (ask.amountCents > user.moneyCents) throw new ApiError(1025);
  const { dailyCapCents } = await readWalletSettings(db);
  const day = todayWindow(ask.nowMs);
  if ((await withdrawnInWindow(db, ask.userId, day.fromMs, day.toMs)) + ask.amountCents > dailyCapCents) throw new ApiError(1067);
  try {
    await runInOneBatch(db, [
      insertWithdrawalStatement(db, {
        userId: ask.userId,
        bankCardId: card.id,
        amountCents: ask.amountCents,
        idempotencyKey: ask.key,
        nowMs: ask.nowMs,
        capCents: dailyCapCents,
        day,
      }),
      ...balanceChangeStatements(db, {
        userId: ask.userId,
        amountCents: -ask.amountCents,
        type: "wait",
        reason: ledgerReasons.withdrawal(),
        ref: ask.key,
        idempotencyKey: `withdraw-hold:${ask.key}`,
        nowMs: ask.nowMs,
      }),
    ]);
  } catch (error) {
    // The same submit racing itself: the other copy made the request, which is the answer.
    if (await isRepeatOf(db, ask)) return;
    // Read from the data, not the error's wording: the refused batch wrote nothing.
    if (await cannotCover(db, ask.userId, ask.amountCents)) throw new ApiError(1025);
    if ((await withdrawnInWindow(db, ask.userId, day.fromMs, day.toMs)) + ask.amountCents > dailyCapCents) throw new ApiError(1067);
    throw error;
  }
}

/** True when this request_id already made a withdrawal of the same account and amount; 1095 if not the same. */
async function isRepeatOf(db: Db, ask: WithdrawalAsk) {
  const stored = await findWithdrawal(db, { idempotencyKey: ask.key });
  if (!stored) return false;
  assertSameRequest(stored, { bankCardId: ask.bankId, amountCents: ask.amountCents });
  return true;
}

export type WithdrawalDecision = { operatorId: number; id: number; note: string; nowMs: number };

async function pendingWithdrawal(db: Db, d: WithdrawalDecision) {
  const request = await findWithdrawal(db, { id: d.id });
  if (!request) throw new ApiError(1088);
  // four eyes (docs/product.md#operators): another operator decides an operator's own request
  if (request.userId === d.operatorId) throw new ApiError(1123);
  if (request.status !== "pending") throw new ApiError(1068);
  return request;
}

/** The player's notice of the decision, in its batch; a rejection carries the operator's reason (a preset reads in the player's language). */
function withdrawalNotice(db: Db, request: { userId: number; amountCents: number }, d: WithdrawalDecision, kind: "withdrawalPaid" | "withdrawalRejected") {
  const params = { id: d.id, amountCents: request.amountCents, note: kind === "withdrawalRejected" ? d.note : null };
  return noticeStatement(db, { userId: request.userId, kind, params, key: `withdrawal:${d.id}`, nowMs: d.nowMs });
}

/**
 * Approving pays out what is already held: no money moves, only the status and the audit. An operator
 * who changed this player's balance in the last 24 hours does not approve it (1171), checked in the batch
 * (docs/decisions/061-four-eyes-on-money.md).
 */
export async function approveWithdrawal(db: Db, d: WithdrawalDecision) {
  const request = await pendingWithdrawal(db, d);
  if (await adjustedRecently(db, d.operatorId, request.userId, d.nowMs)) throw new ApiError(1171);
  try {
    await runInOneBatch(db, [
      decideStatement(db, "withdrawal", { ...d, status: "approved" }, sql`NOT ${adjustedRecentlySql(d.operatorId, request.userId, d.nowMs)}`),
      withdrawalNotice(db, request, d, "withdrawalPaid"),
      auditStatement(db, {
        actorId: d.operatorId,
        action: "withdrawal.approve",
        target: `withdrawal:${d.id}`,
        before: { status: "pending", userId: request.userId, amount: toMoney(request.amountCents) },
        after: { status: "approved", note: d.note },
        nowMs: d.nowMs,
      }),
    ]);
  } catch (error) {
    if (await requestDecided(db, "withdrawal", d.id)) throw new ApiError(1068);
    if (await adjustedRecently(db, d.operatorId, request.userId, d.nowMs)) throw new ApiError(1171);
    throw error;
  }
  return { id: d.id, status: "approved" as const };
}

/** Rejecting gives the held amount back (ledger "redo") in the batch that marks the request. */
export async function rejectWithdrawal(db: Db, d: WithdrawalDecision) {
  const request = await pendingWithdrawal(db, d);
  try {
    await runInOneBatch(db, [
      decideStatement(db, "withdrawal", { ...d, status: "rejected" }),
      withdrawalNotice(db, request, d, "withdrawalRejected"),
      ...balanceChangeStatements(db, {
        userId: request.userId,
        amountCents: request.amountCents,
        type: "redo",
        reason: ledgerReasons.withdrawalRefund(d.id),
        ref: request.idempotencyKey,
        idempotencyKey: `withdraw-refund:${d.id}`,
        nowMs: d.nowMs,
      }),
      auditStatement(db, {
        actorId: d.operatorId,
        action: "withdrawal.reject",
        target: `withdrawal:${d.id}`,
        before: { status: "pending", userId: request.userId, amount: toMoney(request.amountCents) },
        after: { status: "rejected", note: d.note, refunded: toMoney(request.amountCents) },
        nowMs: d.nowMs,
      }),
    ]);
  } catch (error) {
    if (await requestDecided(db, "withdrawal", d.id)) throw new ApiError(1068);
    throw error;
  }
  const player = await getUserById(db, request.userId);
  return { id: d.id, status: "rejected" as const, balance: toMoney(player.moneyCents) };
}
