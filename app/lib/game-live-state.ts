// What the room screen knows about the current round, and how each live update changes it. Pure, so
// the socket messages, the 10 s polling fallback and the page's own orders all go through one place.

import type { LiveBet } from "./game";
import type { CurrentRound, RoundResult } from "#shared/rounds";

export type LiveRoom = {
  game: CurrentRound;
  his: RoundResult[];
  bets: LiveBet[];
  /** Order ids this player placed: socket rows carry no `mine`, so the screen remembers its own. */
  myOrderIds: number[];
};

/** Messages the room's WebSocket sends (docs/architecture.md#the-contract). */
export type RoomMessage =
  | { type: "round"; game: CurrentRound; his?: RoundResult[] }
  | { type: "bet"; bets: LiveBet[] }
  | { type: "cancel"; orderId: number }
  | { type: "draw"; result: RoundResult }
  /** The draw is due but its beacon round is not in yet: the room retries (docs/decisions/130). */
  | { type: "waiting"; game: CurrentRound };

/** The latest results strip holds this many rounds (getGameinfo gives up to 10). */
const HISTORY_SIZE = 10;

/** Parses one socket frame; anything else (a pong, a malformed frame) is ignored. */
export function parseRoomMessage(data: unknown): RoomMessage | null {
  if (typeof data !== "string") return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== "object") return null;
  const m = message as Record<string, unknown>;
  if (m.type === "round" && m.game && typeof m.game === "object") return m as RoomMessage;
  if (m.type === "bet" && Array.isArray(m.bets)) return m as RoomMessage;
  if (m.type === "cancel" && typeof m.orderId === "number") return m as RoomMessage;
  if (m.type === "draw" && m.result && typeof m.result === "object") return m as RoomMessage;
  if (m.type === "waiting" && m.game && typeof m.game === "object") return m as RoomMessage;
  return null;
}

function markMine(bets: LiveBet[], myOrderIds: readonly number[]): LiveBet[] {
  return bets.map((bet) => (bet.mine || myOrderIds.includes(bet.orderId) ? { ...bet, mine: true } : bet));
}

/**
 * The API's list and a socket message hold bets in the order they were placed (time, then id); the table shows
 * the newest first. Never by id: each wallet shard hands out ids from a range of its own, so ids put a whole
 * shard's bets above another's (docs/decisions/163-merged-lists-follow-time.md).
 */
const newestFirst = (bets: LiveBet[]) => [...bets].reverse();

function sameRound(a: LiveBet["seqno"], b: LiveBet["seqno"]): boolean {
  return String(a) === String(b);
}

export function initialLiveRoom(game: CurrentRound, his: RoundResult[], bets: LiveBet[]): LiveRoom {
  const myOrderIds = [...new Set(bets.filter((b) => b.mine).map((b) => b.orderId))];
  return { game, his: his.slice(0, HISTORY_SIZE), bets: markMine(newestFirst(bets), myOrderIds), myOrderIds };
}

export function applyRoomMessage(state: LiveRoom, message: RoomMessage): LiveRoom {
  switch (message.type) {
    case "round": {
      const newRound = message.game.id !== state.game.id;
      return {
        ...state,
        game: message.game,
        his: message.his ? message.his.slice(0, HISTORY_SIZE) : state.his,
        bets: newRound ? [] : state.bets,
        myOrderIds: newRound ? [] : state.myOrderIds,
      };
    }
    case "bet": {
      const known = new Set(state.bets.map((b) => b.id));
      const fresh = message.bets.filter((b) => !known.has(b.id) && sameRound(b.seqno, state.game.seqno));
      if (fresh.length === 0) return state;
      // one message is one order's rows, in one shard: their ids are their order
      const byId = [...fresh].sort((x, y) => y.id - x.id);
      return { ...state, bets: [...markMine(byId, state.myOrderIds), ...state.bets] };
    }
    case "cancel":
      return { ...state, bets: state.bets.filter((b) => b.orderId !== message.orderId) };
    case "waiting":
      return message.game.id === state.game.id ? { ...state, game: message.game } : state;
    case "draw": {
      const his = [message.result, ...state.his.filter((r) => r.id !== message.result.id)].slice(0, HISTORY_SIZE);
      return { ...state, his };
    }
  }
}

/** A full getVorder list (isfirst=1) replaces the table, so cancelled bets disappear when polling too. */
export function applyPolledBets(state: LiveRoom, list: LiveBet[], seqno: LiveBet["seqno"]): LiveRoom {
  if (!sameRound(seqno, state.game.seqno)) return state;
  const myOrderIds = [...new Set([...state.myOrderIds, ...list.filter((b) => b.mine).map((b) => b.orderId)])];
  return { ...state, bets: markMine(newestFirst(list), myOrderIds), myOrderIds };
}

/**
 * A poll's answer, read while the socket brought bets or cancels (`since`, in their order): the answer is as of
 * its read, so the socket's news is applied again on top of it (a bet is added once, a cancel removes).
 */
export function applyPollAnswer(
  state: LiveRoom,
  list: LiveBet[],
  seqno: LiveBet["seqno"],
  since: readonly RoomMessage[],
): LiveRoom {
  return since.reduce(applyRoomMessage, applyPolledBets(state, list, seqno));
}

/** The player placed an order: its rows, when they arrive, are the player's own. */
export function rememberMyOrder(state: LiveRoom, orderId: number): LiveRoom {
  if (state.myOrderIds.includes(orderId)) return state;
  const myOrderIds = [...state.myOrderIds, orderId];
  return { ...state, myOrderIds, bets: markMine(state.bets, myOrderIds) };
}

/** At 0 the lists clear (docs/product.md#how-screens-behave); the next round arrives by socket or by reloading. */
export function clearBets(state: LiveRoom): LiveRoom {
  return state.bets.length === 0 ? state : { ...state, bets: [] };
}
