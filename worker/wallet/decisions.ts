import type { WalletDb } from "../db/client";
import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ProductError } from "#shared/product-error";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { balanceChangeStatements } from "../ledger/ledger";
import { ledgerReasons } from "../ledger/reasons";
import {
  adjustedRecently,
  adjustedRecentlySql,
  approvedDepositRecently,
  approvedDepositRecentlySql,
} from "./solo-adjustments";
import { noticeStatement } from "../notices/queries";
import { getUserById } from "../accounts/users";
import { decideStatement, findDeposit, findWithdrawal, requestDecided } from "./requests";
import { toMoney } from "#shared/money";
import { playerNote } from "#shared/request-reasons";

// The operator's decision on a deposit or withdrawal request: one flow for both kinds
// (docs/decisions/140-console-history-and-one-decision.md). What differs is only the money each
// decision moves and the guard it carries; the checks, the guarded status change, the audit row and
// the answer to a lost race are the same.

export type RequestKind = "deposit" | "withdrawal";
export type RequestDecision = { operatorId: number; id: number; note: string; nowMs: number; payoutRef?: string };
type Verdict = "approved" | "rejected";
type Pending = { userId: number; amountCents: number; idempotencyKey: string };
type NoticeKind = "depositCredited" | "depositRejected" | "withdrawalPaid" | "withdrawalRejected";

type Effect = {
  /** the player's notice of the decision, in its batch: no notice without the decision, nor the reverse (docs/decisions/142) */
  notice: NoticeKind;
  /** the balance change of this decision, in the batch that marks the request */
  money?: (db: WalletDb, request: Pending, d: RequestDecision) => ReturnType<typeof balanceChangeStatements>;
  /** what the audit row adds after the decision (credited, refunded) */
  audit?: (request: Pending) => Record<string, unknown>;
  /** a rule that must still hold when the batch runs; `refusal` answers its catalogue code when it does not */
  guard?: {
    refusal: (db: WalletDb, request: Pending, d: RequestDecision) => Promise<number | null>;
    sql: (request: Pending, d: RequestDecision) => SQL;
  };
};

const EFFECTS: Record<RequestKind, Record<Verdict, Effect>> = {
  deposit: {
    // approving credits the player (ledger "topup"); the key deposit:<id> stops a second credit
    approved: {
      money: (db, r, d) =>
        balanceChangeStatements(db, {
          userId: r.userId,
          amountCents: r.amountCents,
          type: "topup",
          reason: ledgerReasons.deposit(d.id),
          ref: `deposit:${d.id}`,
          idempotencyKey: `deposit:${d.id}`,
          nowMs: d.nowMs,
        }),
      audit: (r) => ({ credited: toMoney(r.amountCents) }),
      notice: "depositCredited",
    },
    rejected: { notice: "depositRejected" },
  },
  withdrawal: {
    // approving pays out what is already held: no money moves. An operator who changed this player's
    // balance in the last 24 hours (1171) or approved their deposit (1231) does not approve it
    // (docs/decisions/061-four-eyes-on-money.md)
    approved: {
      notice: "withdrawalPaid",
      guard: {
        refusal: async (db, r, d) => {
          if (await adjustedRecently(db, d.operatorId, r.userId, d.nowMs)) return 1171;
          if (await approvedDepositRecently(db, d.operatorId, r.userId, d.nowMs)) return 1231;
          return null;
        },
        sql: (r, d) =>
          sql`NOT ${adjustedRecentlySql(d.operatorId, r.userId, d.nowMs)} AND NOT ${approvedDepositRecentlySql(d.operatorId, r.userId, d.nowMs)}`,
      },
    },
    // rejecting gives the held amount back (ledger "redo")
    rejected: {
      notice: "withdrawalRejected",
      money: (db, r, d) =>
        balanceChangeStatements(db, {
          userId: r.userId,
          amountCents: r.amountCents,
          type: "redo",
          reason: ledgerReasons.withdrawalRefund(d.id),
          ref: r.idempotencyKey,
          idempotencyKey: `withdraw-refund:${d.id}`,
          nowMs: d.nowMs,
        }),
      audit: (r) => ({ refunded: toMoney(r.amountCents) }),
    },
  },
};

async function pendingRequest(db: WalletDb, kind: RequestKind, d: RequestDecision): Promise<Pending> {
  const request = kind === "deposit" ? await findDeposit(db, { id: d.id }) : await findWithdrawal(db, { id: d.id });
  if (!request) throw new ProductError(1088);
  // four eyes (docs/product.md#operators): another operator decides an operator's own request
  if (request.userId === d.operatorId) throw new ProductError(1123);
  if (request.status !== "pending") throw new ProductError(1068);
  return request;
}

/** What a caller adds to a decision (a deposit's four eyes, worker/wallet/deposit-approval.ts). */
export type DecisionExtras = {
  /** statements that run first and abort the batch when the decision may not be made (a solo row) */
  first?: BatchItem<"sqlite">[];
  /** a condition the guarded status change also needs at the moment of the write */
  allowed?: SQL;
  /** what the audit row adds */
  audit?: Record<string, unknown>;
};

/**
 * Approves or rejects one pending request. The status change is guarded (decideStatement): a second
 * decision, or a reject racing an approve, aborts its whole batch, so money moves at most once; the
 * answer to a refused batch is read from the request afterwards (1068), never from the error's text.
 */
export async function decideRequest(
  db: WalletDb,
  kind: RequestKind,
  verdict: Verdict,
  d: RequestDecision,
  extras: DecisionExtras = {},
) {
  const request = await pendingRequest(db, kind, d);
  const effect = EFFECTS[kind][verdict];
  const refusal = await effect.guard?.refusal(db, request, d);
  if (refusal) throw new ProductError(refusal);
  const before = { status: "pending", userId: request.userId, amount: toMoney(request.amountCents) };
  const guards = [effect.guard?.sql(request, d), extras.allowed].filter((g): g is SQL => g !== undefined);
  try {
    await runInOneBatch(db, [
      ...(extras.first ?? []),
      decideStatement(db, kind, { ...d, status: verdict }, guards.length ? sql.join(guards, sql` AND `) : undefined),
      ...(effect.money?.(db, request, d) ?? []),
      // a rejection carries its preset reason alone (read in the player's language); the operator's
      // words stay in the console and the audit (shared/request-reasons.ts)
      noticeStatement(db, {
        userId: request.userId,
        kind: effect.notice,
        params: {
          id: d.id,
          amountCents: request.amountCents,
          note: verdict === "rejected" ? playerNote(d.note) : null,
          // a paid withdrawal names the reference the player finds the money by
          ...(kind === "withdrawal" && verdict === "approved" && d.payoutRef ? { payoutRef: d.payoutRef } : {}),
        },
        key: `${kind}:${d.id}`,
        nowMs: d.nowMs,
      }),
      auditStatement(db, {
        actorId: d.operatorId,
        action: `${kind}.${verdict === "approved" ? "approve" : "reject"}`,
        target: `${kind}:${d.id}`,
        before,
        after: {
          status: verdict,
          note: d.note,
          ...(d.payoutRef ? { payoutRef: d.payoutRef } : {}),
          ...effect.audit?.(request),
          ...extras.audit,
        },
        nowMs: d.nowMs,
      }),
    ]);
  } catch (error) {
    if (await requestDecided(db, kind, d.id)) throw new ProductError(1068);
    const late = await effect.guard?.refusal(db, request, d);
    if (late) throw new ProductError(late);
    throw error;
  }
  if (!effect.money) return { id: d.id, status: verdict };
  const player = await getUserById(db, request.userId);
  return { id: d.id, status: verdict, balance: toMoney(player.moneyCents) };
}
