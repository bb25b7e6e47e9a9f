import type { CoinAmount, CoinPayouts } from "../payouts";

// The console's wallet answers (docs/architecture.md#answers): worker/wallet/present.ts and worker/api/routes/admin-wallet.ts build them.

/** A withdrawal's payout account as the console's queue answers it (worker/wallet/present.ts cardRow). */
export type PayoutCard = {
  type: string;
  bank: string;
  account: string;
  address: string;
  network?: string;
  /** the account holder's name */
  username?: string;
  /** the bank's branch */
  area?: string;
};

/** A pending deposit or withdrawal as the console's queue shows it (/api/admin/deposits, /withdrawals). */
export type QueueRow = {
  id: number;
  userId: number;
  username: string;
  money: number;
  balance: number;
  time: number;
  pay_name?: string;
  payee?: { name: string; account: string } | null;
  pay_ref?: string;
  card?: PayoutCard;
  payout_ref?: string;
  /** a coin withdrawal's quote when it was asked (docs/decisions/174) */
  coin?: CoinAmount | null;
  /** a deposit that waits for its second operator: the first one's name */
  firstApprovedBy?: string | null;
  /** which approval a pending deposit waits for: "first" of two moves no money (worker/api/routes/admin-wallet.ts) */
  approvalStep?: "first" | "second" | "only" | null;
  /** the catalogue code of the rule that keeps this operator from approving it (worker/wallet/requests.ts) */
  refusedBecause?: number | null;
};

/** A deposit or withdrawal as the history lists it: the queue's row plus its decision. */
export type RequestHistoryRow = QueueRow & {
  status: string;
  decidedAt: number | null;
  decidedBy: string | null;
  note: string;
};

export type AdjustmentHistoryRow = {
  id: number;
  made: "alone" | "queued";
  userId: number;
  username: string;
  money: number;
  reason: string;
  status: string;
  /** null: the directory does not name the operator who asked */
  requestedBy: string | null;
  decidedBy: string | null;
  askedAt: number;
  time: number;
};

export type Adjustment = {
  id: number;
  userId: number;
  username: string;
  money: number;
  text?: string;
  reason: string;
  /** null: the directory does not name the operator who asked */
  requestedBy: string | null;
  requestedById: number;
  time: number;
};

export type Payments = { depositAccountMissing: boolean; coinPayouts: CoinPayouts };

/** A decided deposit, withdrawal or adjustment: "pending" while it waits for a second operator. */
export type RequestDecided = { status: string };

/** adjust: the filed adjustment ("pending" while it waits for a second operator) and the balance after it when applied. */
export type AdjustmentFiled = { status: string; balance?: number };
