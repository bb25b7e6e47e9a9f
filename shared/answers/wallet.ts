import type { CoinAmount, CoinPayouts } from "#shared/payouts";
// The wallet answers as the contract gives them; money is a wire decimal (docs/architecture.md#answers).
// worker/wallet/present.ts builds them, typed with these.

export type RequestStatus = "pending" | "approved" | "rejected";

export type DepositRow = {
  id: number;
  money: number;
  pay_name: string;
  /** the listed account the player paid into and their transfer reference (absent from older backends) */
  payee?: { name: string; account: string } | null;
  pay_ref?: string;
  status: RequestStatus;
  time: number;
  decidedAt: number | null;
  note: string;
};

export type DepositList = {
  list: DepositRow[];
  page: number;
  hasMore: boolean;
  next?: string | null;
  prev?: string | null;
  mode: "request" | "contact";
  min: number;
  kefu_url: string;
  /** absent from a backend that predates it (proxy mode): no accounts shown */
  payees?: DepositPayee[];
};

export type DepositPayee = { type: "bank" | "wallet"; name: string; holder: string; account: string };

export type Card = {
  id: number;
  type: string;
  username: string;
  account: string;
  bank: string;
  area: string;
  address: string;
  /** a coin address's network (TRC20, ERC20, BTC, ETH); "" for a bank account or an address bound before networks were recorded */
  network?: string;
  time: number;
};

export type CardList = { list: Card[]; types: readonly string[] };

export type WithdrawalRow = {
  id: number;
  money: number;
  status: RequestStatus;
  time: number;
  decidedAt: number | null;
  note: string;
  /** what the operator paid out with (a bank transfer's id, a transaction hash); "" until paid */
  payout_ref?: string;
  /** the coins a withdrawal to a coin address pays, quoted when asked (absent from a backend that does not say) */
  coin?: CoinAmount | null;
  card: Pick<Card, "id" | "type" | "bank" | "account" | "address" | "network">;
};

export type WithdrawalList = {
  list: WithdrawalRow[];
  page: number;
  hasMore: boolean;
  next?: string | null;
  prev?: string | null;
  dailyCap: number;
  usedToday: number;
  leftToday: number;
  /** the approved coin payout rates and fees a new coin withdrawal is quoted at (absent: not said) */
  coinPayouts?: CoinPayouts;
};

/** A ledger row's kind; a withdrawal's hold reads as what became of it (wait, withdrawn, waitReturned). */
export type FlowKind =
  | "earn"
  | "loss"
  | "bet"
  | "redo"
  | "wait"
  | "withdrawn"
  | "waitReturned"
  | "topup"
  | "debit"
  | "stake"
  | "interest"
  | "principal"
  | "adjustment";

export type FlowRow = {
  id: number;
  time: number;
  money: number;
  before: number;
  after: number;
  reason: string;
  /** absent from a backend that stores only text, null on rows written before keys existed */
  reasonKey?: string | null;
  reasonParams?: Record<string, string | number> | null;
  type: 1 | 2;
  kind: FlowKind;
};

export type FlowList = {
  list: FlowRow[];
  page: number;
  hasMore: boolean;
  next?: string | null;
  prev?: string | null;
  start: string;
  end: string;
};
