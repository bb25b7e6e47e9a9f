import { describe, expect, it } from "vitest";
import type { LiveBet } from "./game";
import type { CurrentRound, RoundResult } from "#shared/rounds";
import {
  applyPollAnswer,
  applyPolledBets,
  applyRoomMessage,
  clearBets,
  initialLiveRoom,
  parseRoomMessage,
  rememberMyOrder,
} from "./game-live-state";

const round = (id: number, seqno: number): CurrentRound => ({
  id,
  seqno,
  gametype: 1,
  commit: "c",
  openAt: 0,
  closeAt: 1,
  drawAt: 2,
  status: "open",
  beacon: null,
});
const bet = (id: number, orderId: number, extra: Partial<LiveBet> = {}): LiveBet => ({
  id,
  orderId,
  value: 0,
  valuecn: "big",
  rate: 1.98,
  money: 20,
  seqno: 7,
  username: "de***1",
  ...extra,
});
const result = (id: number): RoundResult => ({
  id,
  seqno: id,
  num1: 1,
  num2: 2,
  num3: 3,
  sum: 6,
  numbers: [1, 2, 3],
  resultcn: "",
  resultKeys: ["small"],
  commit: "c",
  seed: "s",
  closeAt: 0,
  drawAt: 0,
  status: "settled",
  voidReason: null,
  voidPreset: null,
  beacon: null,
});

describe("live room state", () => {
  it("parses only the room's message types", () => {
    expect(parseRoomMessage('{"type":"cancel","orderId":3}')).toEqual({ type: "cancel", orderId: 3 });
    expect(parseRoomMessage("pong")).toBeNull();
    expect(parseRoomMessage('{"type":"bet","bets":"x"}')).toBeNull();
    expect(parseRoomMessage('{"type":"evil"}')).toBeNull();
    expect(parseRoomMessage(42)).toBeNull();
  });

  it("adds new bets of this round on top, once, and marks the player's own orders", () => {
    let state = initialLiveRoom(round(1, 7), [], [bet(1, 10, { mine: true })]);
    expect(state.myOrderIds).toEqual([10]);
    state = rememberMyOrder(state, 11);
    state = applyRoomMessage(state, { type: "bet", bets: [bet(2, 11), bet(3, 12), bet(1, 10)] });
    expect(state.bets.map((b) => b.id)).toEqual([3, 2, 1]);
    expect(state.bets.map((b) => Boolean(b.mine))).toEqual([false, true, true]);
    const otherRound = applyRoomMessage(state, { type: "bet", bets: [bet(9, 19, { seqno: 8 })] });
    expect(otherRound).toBe(state);
  });

  it("marks the round in play as waiting for its beacon round, keeping its bets; ignores another round's wait", () => {
    const state = initialLiveRoom(round(1, 7), [], [bet(1, 10)]);
    const waitingGame = { ...round(1, 7), status: "waiting" as const, beacon: { chain: "d", round: 99 } };
    const message = parseRoomMessage(
      JSON.stringify({ type: "waiting", game: waitingGame, retryAt: 5, problem: "timeout" }),
    );
    expect(message).toMatchObject({ type: "waiting" });
    const waiting = applyRoomMessage(state, message!);
    expect(waiting.game).toMatchObject({ status: "waiting", beacon: { round: 99 } });
    expect(waiting.bets).toHaveLength(1);
    expect(applyRoomMessage(state, { type: "waiting", game: { ...waitingGame, id: 2 } })).toBe(state);
  });

  it("removes a cancelled order's rows", () => {
    const state = initialLiveRoom(round(1, 7), [], [bet(1, 10), bet(2, 10), bet(3, 11)]);
    expect(applyRoomMessage(state, { type: "cancel", orderId: 10 }).bets.map((b) => b.id)).toEqual([3]);
  });

  it("starts a new round with an empty table and keeps ten results", () => {
    const his = Array.from({ length: 10 }, (_, i) => result(20 - i));
    let state = initialLiveRoom(round(1, 7), his, [bet(1, 10, { mine: true })]);
    state = applyRoomMessage(state, { type: "draw", result: result(21) });
    expect(state.his).toHaveLength(10);
    expect(state.his[0].id).toBe(21);
    const same = applyRoomMessage(state, { type: "round", game: round(1, 7) });
    expect(same.bets).toHaveLength(1);
    const next = applyRoomMessage(state, { type: "round", game: round(2, 8) });
    expect(next.bets).toEqual([]);
    expect(next.myOrderIds).toEqual([]);
    expect(next.game.seqno).toBe(8);
  });

  it("replaces the table with a polled list of the same round only", () => {
    const state = initialLiveRoom(round(1, 7), [], [bet(1, 10), bet(2, 11)]);
    const polled = applyPolledBets(state, [bet(1, 10), bet(5, 12, { mine: true })], 7);
    expect(polled.bets.map((b) => b.id)).toEqual([5, 1]);
    expect(polled.myOrderIds).toEqual([12]);
    expect(applyPolledBets(state, [bet(5, 12)], 8)).toBe(state);
  });

  it("shows the newest bet first by when it was placed, not by its id: shards hand out ids from ranges of their own", () => {
    const shard2 = 2_000_000_000_000;
    // the API's order: placed first in shard 2 (the larger id), then in shard 0
    const placed = [bet(shard2 + 1, shard2 + 1), bet(5, 5)];
    const state = initialLiveRoom(round(1, 7), [], placed);
    expect(state.bets.map((b) => b.id)).toEqual([5, shard2 + 1]);
    expect(applyPolledBets(state, [...placed, bet(shard2 + 2, shard2 + 2)], 7).bets.map((b) => b.id)).toEqual([
      shard2 + 2,
      5,
      shard2 + 1,
    ]);
    const socket = applyRoomMessage(state, { type: "bet", bets: [bet(6, 6)] });
    expect(socket.bets.map((b) => b.id)).toEqual([6, 5, shard2 + 1]);
  });

  it("keeps what the socket brought while a poll was on its way: the answer is older than the socket's news", () => {
    const state = initialLiveRoom(round(1, 7), [], [bet(1, 10), bet(2, 11)]);
    // the poll read A (1) and B (2); meanwhile the socket brought C (3) and B's cancel
    const since = [
      { type: "bet" as const, bets: [bet(3, 12)] },
      { type: "cancel" as const, orderId: 11 },
    ];
    const answered = applyPollAnswer(state, [bet(1, 10), bet(2, 11)], 7, since);
    expect(answered.bets.map((b) => b.id)).toEqual([3, 1]);
    expect(applyPollAnswer(state, [bet(1, 10)], 7, []).bets.map((b) => b.id)).toEqual([1]);
  });

  it("clears the table at zero", () => {
    const state = initialLiveRoom(round(1, 7), [], [bet(1, 10)]);
    expect(clearBets(state).bets).toEqual([]);
  });
});
