// The finance calls' answers (docs/architecture.md#answers): worker/finance/present.ts builds them.

export type Product = {
  id: number;
  titleKey: string;
  rate_ppm: number;
  rate: number;
  yearRate: number;
  min: number;
  max: number | null;
  upTo: number;
  days: number;
};
export type ProductList = { list: Product[]; min: number; max: number };
/** The console's tiers (/api/admin/products), with the most one transfer into the open-ended top tier takes. */
export type ConsoleProducts = { list: Product[]; openMax: number };
export type FinanceOrder = {
  id: number;
  product: number;
  titleKey: string;
  principal: number;
  rate: number;
  days: number;
  start: number;
  valueDate: number;
  maturity: number;
  daysLeft: number;
  daysPaid: number;
  dailyInterest: number;
  interest: number;
  totalInterest: number;
  status: "active" | "matured";
};

/** A page of the player's finance orders (getproductorders). */
export type FinanceOrderPage = {
  list: FinanceOrder[];
  page: number;
  hasMore: boolean;
  next?: string | null;
  prev?: string | null;
};

/** A player's lock-up as the console lists every player's (/api/admin/productorders): whose it is, by name. */
export type PlayerFinanceOrder = FinanceOrder & { userId: number; username: string };

/** A manual accrual run (/api/admin/finance/accrue): when it ran and the rows it paid, over every shard. */
export type AccrualDone = { at: number; interestRows: number; principalRows: number };
