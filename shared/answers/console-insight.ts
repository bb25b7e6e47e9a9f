// The answers of /api/admin/books and /api/admin/charts (docs/architecture.md#answers): worker/insight/ builds them.

/** shard: the wallet database whose books disagree (docs/decisions/161) */
export type BooksProblem = { shard?: number } & (
  | { kind: "balance"; userId: number; balance: number; ledger: number }
  | { kind: "negative"; userId: number; balance: number }
  | { kind: "sum"; balances: number; stakesInPlay: number }
  | { kind: "open-round-house-row"; ledgerId: number; roundId: number }
);

export type BooksCheck =
  | { checked: false; everyMinutes: number }
  | {
      checked: true;
      everyMinutes: number;
      at: number;
      /** a check was due and did not run (a shard never checked, or its last check past the interval) */
      late: boolean;
      ok: boolean;
      rowsSummed: number;
      balances: number;
      stakesInPlay: number;
      financePrincipal: number;
      problems: BooksProblem[];
      /** each wallet shard's own check; the figures above are their sums */
      shards?: { shard: number; checked: boolean; ok?: boolean }[];
    };

export type PlayDay = { day: string; turnover: number; payouts: number; house: number; players: number };
export type CashDay = {
  day: string;
  deposits: number;
  depositCount: number;
  withdrawals: number;
  withdrawalCount: number;
};
export type PendingAges = { count: number; bands: number[]; oldestAt: number | null };
export type RoomReturn = {
  roomId: number;
  title: string;
  /** the room's game, to name it in the reader's language (roomName) */
  titleKey?: string;
  bets: number;
  stakes: number;
  awards: number;
  realized: number;
  theoretical: number;
  low: number;
  high: number;
  outside: "low" | "high" | null;
};

export type Charts = {
  days: 30 | 90;
  roomId: number | null;
  play: PlayDay[];
  cash: CashDay[];
  pending: { deposits: PendingAges; withdrawals: PendingAges; adjustments: PendingAges };
  returns: RoomReturn[];
  rooms: { id: number; title: string; titleKey?: string }[];
  at: number;
};

export type Marker = { key: string; userId: number; figures: Record<string, number> };

export type Interaction = { id: number; kind: string; text: string; at: number; operator: string | null };

export type RiskFile = { player: { id: number; username: string }; markers: Marker[]; interactions: Interaction[] };

export type AtRisk = {
  userId: number;
  username: string;
  markers: Marker[];
  lastInteraction: { at: number; kind: string } | null;
};

export type TotalsDay = {
  day: string;
  turnover: number;
  payouts: number;
  house: number;
  inPlay: number;
  deposits: number;
  withdrawals: number;
  activePlayers: number;
};

export type BooksDay = {
  day: string;
  status: "closed" | "refused" | "open";
  opening: BooksFigures;
  closing: BooksFigures;
  movements: BooksMovement[];
  problems: BooksDayProblem[];
};

export type BooksDays = { page: number; days: BooksDay[]; today: BooksDay | null; live: BooksCheck; at: number };

export type BooksFigures = { players: number; house: number; inPlay: number; finance: number };

export type BooksMovement = { side: "players" | "house"; kind: string; amount: number; rows: number };

export type BooksDayProblem = { kind: string; [field: string]: unknown };

export type AtRiskList = { list: AtRisk[] };

/** totals: a page of the daily totals, newest first. */
export type TotalsPage = { page: number; days: TotalsDay[] };
