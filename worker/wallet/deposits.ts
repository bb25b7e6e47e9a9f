import { ApiError } from "../api/envelope";
import { auditStatement } from "../db/audit";
import type { Db } from "../db/client";
import { runInOneBatch } from "../db/batch";
import { balanceChangeStatements } from "../db/ledger";
import { getUserById } from "../db/users";
import { decideStatement, findDeposit, insertDepositOnce, requestDecided } from "../db/wallet-requests";
import type { WalletSettings } from "../db/wallet-settings";
import { toMoney } from "../money";
import { assertSameRequest } from "./keys";
import { protectionAllowsSql } from "../db/protection";
import { explainRefusal, refuseWhileRestricted } from "../protection/refusal";
import { ledgerReasons } from "../db/ledger-reasons";
import { noticeStatement } from "../db/notices";

export type DepositAsk = { userId: number; amountCents: number; payName: string; key: string; nowMs: number };

/** When the operator wants players to deposit through support, every deposit is 2056 with the link. */
export function assertDepositsOpen(settings: WalletSettings) {
  if (settings.depositMode === "contact") throw new ApiError(2056, { kefu_url: settings.kefuUrl });
}

/** A deposit request: nothing moves until an operator approves it (docs/product.md#money). */
export async function requestDeposit(db: Db, settings: WalletSettings, ask: DepositAsk) {
  assertDepositsOpen(settings);
  // A restricted player is told why first, whatever the amount (docs/decisions/142); the batch decides it again.
  await refuseWhileRestricted(db, ask.userId, ask.nowMs);
  if (ask.amountCents < settings.depositMinCents) throw new ApiError(1070, { num: toMoney(settings.depositMinCents) });
  const protectedAsk = { userId: ask.userId, nowMs: ask.nowMs, adds: { deposit: ask.amountCents } };
  const request = await insertDepositOnce(db, { ...ask, idempotencyKey: ask.key }, protectionAllowsSql(protectedAsk));
  if (!request) {
    const refusal = await explainRefusal(db, protectedAsk);
    throw new ApiError(refusal.errCode, refusal.extra);
  }
  assertSameRequest(request, { amountCents: ask.amountCents, payName: ask.payName });
  return request;
}

export type DepositDecision = { operatorId: number; id: number; note: string; nowMs: number };

async function pendingDeposit(db: Db, d: DepositDecision) {
  const request = await findDeposit(db, { id: d.id });
  if (!request) throw new ApiError(1088);
  if (request.userId === d.operatorId) throw new ApiError(1123);
  if (request.status !== "pending") throw new ApiError(1068);
  return request;
}

/** The player's notice of the decision, in its batch: no notice without the decision, nor the reverse. */
function depositNotice(db: Db, request: { userId: number; amountCents: number }, d: DepositDecision, kind: "depositCredited" | "depositRejected") {
  const params = { id: d.id, amountCents: request.amountCents, note: kind === "depositRejected" ? d.note : null };
  return noticeStatement(db, { userId: request.userId, kind, params, key: `deposit:${d.id}`, nowMs: d.nowMs });
}

/**
 * Approving credits the player (ledger "topup") in the batch that marks the request; the guarded
 * status change and the ledger key deposit:<id> each stop a second credit when approvals race.
 */
export async function approveDeposit(db: Db, d: DepositDecision) {
  const request = await pendingDeposit(db, d);
  try {
    await runInOneBatch(db, [
      decideStatement(db, "deposit", { ...d, status: "approved" }),
      ...balanceChangeStatements(db, {
        userId: request.userId,
        amountCents: request.amountCents,
        type: "topup",
        reason: ledgerReasons.deposit(d.id),
        ref: `deposit:${d.id}`,
        idempotencyKey: `deposit:${d.id}`,
        nowMs: d.nowMs,
      }),
      depositNotice(db, request, d, "depositCredited"),
      auditStatement(db, {
        actorId: d.operatorId,
        action: "deposit.approve",
        target: `deposit:${d.id}`,
        before: { status: "pending", userId: request.userId, amount: toMoney(request.amountCents) },
        after: { status: "approved", note: d.note, credited: toMoney(request.amountCents) },
        nowMs: d.nowMs,
      }),
    ]);
  } catch (error) {
    if (await requestDecided(db, "deposit", d.id)) throw new ApiError(1068);
    throw error;
  }
  const player = await getUserById(db, request.userId);
  return { id: d.id, status: "approved" as const, balance: toMoney(player.moneyCents) };
}

export async function rejectDeposit(db: Db, d: DepositDecision) {
  const request = await pendingDeposit(db, d);
  try {
    await runInOneBatch(db, [
      decideStatement(db, "deposit", { ...d, status: "rejected" }),
      depositNotice(db, request, d, "depositRejected"),
      auditStatement(db, {
        actorId: d.operatorId,
        action: "deposit.reject",
        target: `deposit:${d.id}`,
        before: { status: "pending", userId: request.userId, amount: toMoney(request.amountCents) },
        after: { status: "rejected", note: d.note },
        nowMs: d.nowMs,
      }),
    ]);
  } catch (error) {
    if (await requestDecided(db, "deposit", d.id)) throw new ApiError(1068);
    throw error;
  }
  return { id: d.id, status: "rejected" as const };
}
