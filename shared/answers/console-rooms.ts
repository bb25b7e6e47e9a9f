import type { Paged } from "./paging";

// The console's room and round answers (docs/architecture.md#answers): worker/room/ and worker/api/routes/admin-rooms.ts build them.

export type RoundRow = {
  id: number;
  seqno: number;
  commit: string;
  seed: string | null;
  numbers: number[] | null;
  status: string;
  drawAt: number;
  voidReason?: string | null;
  voidNote?: string | null;
  voidedBy?: string | null;
  bets: number;
  turnover: number;
  payouts: number;
  house: number | null;
  inPlay?: number;
  refunded?: number;
};

export type RoomSettings = {
  id: number;
  title: string;
  gameType: number;
  roomtype: number;
  kind: string;
  minjoin: number;
  minbuy: number;
  minLevel: number;
  roundSeconds: number | null;
  closeSeconds: number | null;
  trading: boolean;
  locationHint: string | null;
  options: { index: number; key: string; odds: number; rtp: number; win: number; refund: number }[];
};

export type RoomRow = { id: number; title: string; titleKey: string; roomtype: number; kind: string; trading: boolean };

export type BoardRow = {
  id: number;
  roomId: number;
  room: { title: string; titleKey: string; gameType: number; roomtype: number; kind: string };
  seqno: number;
  drawAt: number;
  voidReason: string | null;
  voidNote: string | null;
  voidedBy: string | null;
  bets: number;
  stakes: number;
};

/** A game an operator can open a room of (/api/admin/games). */
export type GameChoice = { id: number; title: string; titleKey: string; type: number };

export type GameChoices = { list: GameChoice[] };

/** rooms/template: a new room's settings for a game, before it is created. */
export type RoomTemplate = RoomSettings & { gameId: number };

/** rounds: a room's rounds, and how many were voided, by reason. */
export type RoundPage = Paged<RoundRow> & { voids: Record<string, number> };
