import type { CurrentRound, LiveBet, RoundResult } from "../rounds";
import type { PublishedBeacon } from "../games/beacon";

// The game API's answers (docs/architecture.md#answers): the Worker builds them (worker/room/, worker/api/routes/game*.ts)
// and the room and record screens read them. Wire names (isaward, ordersn, minjoin, ...) stay as the contract has them.

/** A game as getGameList lists it. */
export type GameTile = { id: number; title: string; titleKey: string; type: number; image: string };
export type GameList = { list: GameTile[] };

export type RoomSummary = {
  id: number;
  gameId: number;
  title: string;
  titleKey: string;
  /** the room's kind (a key of game:kinds) */
  kind: string;
  type: number;
  minjoin: number;
  minbuy: number;
  minLevel: number;
  /** 1 while the room takes bets */
  trading: number;
};

/** `roomtype` (the currency tab) is ours: a proxied backend may not send it. */
export type RoomInfo = Omit<RoomSummary, "minLevel"> & { optionCount: number; roomtype?: number } & Record<
    string,
    unknown
  >;

export type BetOptionOdds = { index: number; key: string; odds: number };

export type GameInfo = {
  room: RoomInfo;
  options: BetOptionOdds[];
  game: CurrentRound & { initmoney: number };
  diff: { minute: number; second: number };
  closeSeconds: number;
  his: RoundResult[];
};

export type BetRecord = {
  id: number;
  seqno: number | string;
  /** 1 won, 0 lost, 2 refunded, 3 cancelled, otherwise pending (app/lib/game.ts betStatusOf) */
  isaward: number;
  ordersn: string;
  gametype: number;
  roomid: number;
  roomTitle: string;
  /** The game's title key, when the backend sends it, for a title in the player's language. */
  titleKey?: string;
  value: number;
  valuecn: string;
  money: number;
  rate: number;
  award: number;
  createtime: number;
  /** the round's draw once settled (absent from a backend that does not send it) */
  draw?: { numbers: number[]; sum: number | null } | null;
  /** why the round was voided (its kind, an operator's preset reason); null otherwise or from a backend that does not say */
  void?: { reason: string | null; preset: string | null } | null;
};

/** A bet records tab added up (absent from a backend that does not send it). */
export type BetTotals = { bets: number; staked: number; returned: number; result: number };

/** The rooms of a currency tab (getRoomList). */
export type RoomList = { list: RoomSummary[] };

/** A page of the player's bet records (getGamelog2): the rows under `data`, as the contract names them. */
export type BetRecordPage = {
  data: BetRecord[];
  totals?: BetTotals;
  page: number;
  hasMore: boolean;
  next: string | null;
  prev: string | null;
};

/** The round's bets since the last poll (getVorder); `order_id` is the last one read. */
export type LiveBetsSince = { list: LiveBet[]; order_id: number; seqno: number | null };

/** A page of a room's past rounds (getGamelog). */
export type RoundResultPage = {
  list: RoundResult[];
  page: number;
  hasMore: boolean;
  next?: string | null;
  prev?: string | null;
};

/** What a round paid the player and what they staked on it (current); result null before it was drawn. */
export type RoundPaid = { award: number; stake?: number; result?: RoundResult | null };

/** Yesterday's and today's result and turnover (getTrendData). */
export type Trend = { yeswin: number; yestotal: number; todaywin: number; todaytotal: number };

/** Today's result (awards - stakes of bets played out) and turnover, in the player's day (todayWinLost). */
export type TodayWinLoss = { win: number; total: number };

/** A published round as /fairness looks it up (getround). */
export type PublishedRound = RoundResult & {
  roomid: number;
  gametype: number;
  optionCount?: number;
  beacon?: PublishedBeacon | null;
};

/** A placed bet (order): its id, its ticket number and the stake taken. */
export type PlacedOrder = { order_id: number; ordersn?: string; money: number };

/** A cancelled bet (getGamecancel): the stake given back. */
export type CancelledOrder = { money: number };
