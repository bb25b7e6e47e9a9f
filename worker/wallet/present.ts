import type { CardRow } from "./bank-card-queries";
import type { DepositRecord, WithdrawalRecord } from "./requests";
import { toMoney } from "#shared/money";
import { isAdjustmentRow, ledgerKind, ledgerReasons } from "../ledger/reasons";
import { adjustmentOfRow } from "../ledger/adjustment-of-row";
import type { CoinAmount } from "#shared/payouts";
import { playerNote } from "#shared/request-reasons";
import { withdrawalHoldKind } from "#shared/withdrawal-hold";
import type { Card, DepositRow, FlowKind, FlowRow, RequestStatus, WithdrawalRow } from "#shared/answers/wallet";

// The wire shapes of the wallet (docs/architecture.md#the-contract): money as decimals, times in ms.

type DepositFields = Omit<DepositRecord, "username" | "decidedById" | "balanceCents" | "refusedBecause">;

/** The operators who decided a request, by name, from the control database (worker/db/every-shard.ts accountNames). */
type Deciders = { decidedBy: string | null };

/** The player reads a rejection's preset alone and no other note: the operator's words stay in the console. */
function playerView(status: string, note: string) {
  return status === "rejected" ? playerNote(note) : "";
}

export function depositRow(r: DepositFields): DepositRow {
  return {
    id: r.id,
    money: toMoney(r.amountCents),
    pay_name: r.payName,
    payee: r.payeeAccount ? { name: r.payeeName, account: r.payeeAccount } : null,
    pay_ref: r.transferRef,
    // the column holds the three statuses the wallet writes (worker/wallet/requests.ts)
    status: r.status as RequestStatus,
    time: r.createdAtMs,
    decidedAt: r.decidedAtMs,
    note: playerView(r.status, r.note),
  };
}

export function withdrawalRow(r: WithdrawalRecord): WithdrawalRow {
  return {
    id: r.id,
    money: toMoney(r.amountCents),
    // the column holds the three statuses the wallet writes (worker/wallet/requests.ts)
    status: r.status as RequestStatus,
    time: r.createdAtMs,
    decidedAt: r.decidedAtMs,
    note: playerView(r.status, r.note),
    // what the money was sent with (a bank transfer's id, a transaction hash): the player finds it by this
    payout_ref: r.payoutRef,
    // the coins a withdrawal to a coin address pays, quoted when it was asked (null for a bank account)
    coin: r.coinQuote ? (JSON.parse(r.coinQuote) as CoinAmount) : null,
    card: {
      id: r.card.id,
      type: r.card.type,
      bank: r.card.bank,
      account: r.card.account,
      address: r.card.address,
      network: r.card.network,
    },
  };
}

/** The operator sees who asked, who decided and the full payout account. */
export function operatorDepositRow(r: DepositRecord & Deciders & { firstApprover: string | null }) {
  return {
    ...depositRow(r),
    note: r.note,
    userId: r.userId,
    username: r.username,
    balance: toMoney(r.balanceCents),
    decidedBy: r.decidedBy,
    // a deposit that waits for its second operator names its first; refusedBecause: the reader may not approve it
    firstApprovedBy: r.firstApprover,
    refusedBecause: r.refusedBecause,
  };
}

export function operatorWithdrawalRow(r: WithdrawalRecord & Deciders) {
  return {
    ...withdrawalRow(r),
    note: r.note,
    userId: r.userId,
    username: r.username,
    balance: toMoney(r.balanceCents),
    decidedBy: r.decidedBy,
    refusedBecause: r.refusedBecause,
    card: cardRow(r.card),
  };
}

export function cardRow(c: CardRow): Card {
  return {
    id: c.id,
    type: c.type,
    username: c.username,
    account: c.account,
    bank: c.bank,
    area: c.area,
    address: c.address,
    network: c.network,
    time: c.time,
  };
}

export type LedgerRecord = {
  id: number;
  amountCents: number;
  beforeCents: number;
  afterCents: number;
  type: string;
  reason: string;
  reasonKey: string | null;
  reasonParams: string | null;
  idempotencyKey: string;
  createdAtMs: number;
  /** a withdrawal's hold: its request, to say what became of it */
  withdrawalId?: number | null;
  withdrawalStatus?: string | null;
  /** an adjustment made alone: its solo_adjustments row */
  soloAdjustmentId?: number | null;
};

/** A row's reason parameters as stored, with the adjustment it names (the console's and the player's alike). */
export function rowReasonParams(r: LedgerRecord): Record<string, string | number> | null {
  const params = reasonParamsOf(r.reasonParams);
  const adjustment = adjustmentOfRow(r);
  return adjustment ? { ...params, ...adjustment } : params;
}

/**
 * A ledger row's kind as every screen names it: a withdrawal's hold as what became of its request (awaiting
 * payout, paid out, or rejected: shared/withdrawal-hold.ts), any other row its ledger type.
 */
export function ledgerRowKind(r: LedgerRecord): FlowKind {
  const hold = r.withdrawalId != null && r.withdrawalStatus ? withdrawalHoldKind(r.withdrawalStatus) : null;
  // the ledger types are the kinds the contract names (worker/ledger/reasons.ts)
  return hold ?? (ledgerKind(r) as FlowKind);
}

function reasonParamsOf(json: string | null): Record<string, string | number> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, string | number>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A funds-ledger row: type 1 income, 2 expense (docs/architecture.md#the-contract), kind = the ledger type; reason is the stored
 * English text, reasonKey and reasonParams what a client renders in its reader's language (null on rows
 * written before keys existed: show reason).
 */
export function flowRow(r: LedgerRecord): FlowRow {
  // An adjustment tells the player its preset text alone: one without it (an operator's note before
  // 0015 under "operator", an operator's words before 0008 with no key, the seeded opening balance)
  // carries the kind alone, never the operator's English words.
  const note = isAdjustmentRow(r) && r.reasonKey !== "adjustment";
  if (r.withdrawalId != null && r.withdrawalStatus) {
    const reason = ledgerReasons.withdrawalOf(r.withdrawalId);
    return {
      id: r.id,
      time: r.createdAtMs,
      money: toMoney(r.amountCents),
      before: toMoney(r.beforeCents),
      after: toMoney(r.afterCents),
      reason: reason.text,
      reasonKey: reason.key,
      reasonParams: reason.params,
      type: 2,
      kind: ledgerRowKind(r),
    };
  }
  return {
    id: r.id,
    time: r.createdAtMs,
    money: toMoney(r.amountCents),
    before: toMoney(r.beforeCents),
    after: toMoney(r.afterCents),
    reason: note ? "" : r.reason,
    reasonKey: note ? null : r.reasonKey,
    reasonParams: r.reasonKey && !note ? rowReasonParams(r) : null,
    type: r.amountCents > 0 ? 1 : 2,
    kind: ledgerRowKind(r),
  };
}
