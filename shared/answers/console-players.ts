import type { LimitView } from "./protection";

// The console's player answers (docs/architecture.md#answers): worker/players/ and worker/protection/ build them.

export type PlayerFile = {
  user: {
    id: number;
    username: string;
    quhao: string;
    phone: string;
    role: string;
    level: number;
    money: number;
    /** the figures of the player's own My page (worker/players/money-figures.ts): absent from an older backend */
    withdrawable?: number;
    withdrawing?: number;
    locked?: number;
    total?: number;
    turnover: number;
    frozen: boolean;
    createdAt: number;
  };
  ledger: {
    id: number;
    amount: number;
    after: number;
    type: string;
    kind?: string;
    reason: string;
    reasonKey?: string | null;
    reasonParams?: Record<string, string | number> | null;
    note?: string | null;
    time: number;
  }[];
  bets: {
    id: number;
    room: string;
    titleKey?: string;
    gameType?: number;
    seqno: number;
    option: string;
    stake: number;
    odds: number;
    award: number;
    /** 1 won, 0 lost, 2 refunded (a voided round), 3 cancelled, otherwise pending (app/lib/game.ts betStatusOf) */
    isaward: number;
    /** why the round was voided (its kind, an operator's preset reason); null otherwise */
    void?: { reason: string | null; preset: string | null } | null;
    time: number;
  }[];
  cards: { id: number; type: string; bank: string; account: string; address: string; network?: string }[];
  deposits: { id: number; money: number; status: string; time: number }[];
  withdrawals: { id: number; money: number; status: string; time: number }[];
  sessions: { id: number; kind: string; createdAt: number; lastSeenAt: number | null; expiresAt: number }[];
  /** credits and debits of the last minutes, made alone or asked of a second operator (the repeat warning) */
  recentAdjustments: { amount: number; time: number }[];
  /** the largest single credit or debit */
  adjustMax: number;
  /** what the signed-in operator may still move alone for this player: more waits for a second operator */
  soloLeft: number;
};

export type OperatorProtection = {
  limits: LimitView[];
  exclusions: { period: string; start: number; until: number | null; active: boolean }[];
};

export type PlayerRow = {
  id: number;
  username: string;
  phone: string;
  role: string;
  level: number;
  money: number;
  frozen: boolean;
};

/** players/reset-password: the new password, shown to the operator once. */
export type PasswordReset = { password: string };
