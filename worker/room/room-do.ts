import { type Databases, databasesOf } from "../db/databases";
import { DurableObject } from "cloudflare:workers";
import { readConfig } from "../config";
import { findGameRoom } from "./game-rooms";
import {
  type PlacedBet,
  type StoredOrder,
  cancelOrderStatements,
  cancelRefundKey,
  findOrderByRequest,
  orderTotalCents,
  orderWasRefused,
  placeOrderStatements,
  whyOrderRefused,
} from "./bets";
import { cannotCover } from "../ledger/ledger";
import { movementExists } from "../ledger/funds";
import { type RoundRules, latestPublicRounds, roundRules } from "./rounds";
import { ACCOUNT_BUSY, ProductError } from "#shared/product-error";
import { refusedStatement } from "../db/shard-trouble";
import { parseOrderLines } from "./order-form";
import { settleKeptRounds } from "./shard-settlement";
import { ShardWrites } from "./shard-writes";
import type { RefusalDetails } from "../protection/refusal";
import { RoomGate } from "./gate";
import { type CycleEvent, advanceRoom, voidRoundInPlay } from "./round-cycle";
import { auditStatement } from "../audit/log";
import { RoomState } from "./room-state";
import { alarmTimeMs } from "./alarm-time";
import { type RoundSchedule, gameView, liveBetView, roundResultView } from "./round-view";
import { ledgerReasons } from "../ledger/reasons";

export type RoomRef = { roomId: number; title: string; titleKey: string; gameType: number; optionCount: number };

/**
 * `uncheckedLines` is the request's `order_info` as it came (the contract's word stays at the route): the room checks
 * the lines against its round's own settings.
 */
export type PlaceOrderRequest = {
  room: RoomRef;
  roundId: number;
  userId: number;
  /** the player's wallet shard (docs/decisions/161): the order is one batch there */
  shard: number;
  /** checked inside the order's batch: the API may have taken the player from memory (docs/decisions/116) */
  sessionId: number;
  username: string;
  uncheckedLines: unknown;
  requestId: string | null;
};
export type PlaceOrderOutcome =
  | { ok: true; orderId: number; orderNumber: string; moneyCents: number; bookmark: string | null }
  | { ok: false; errCode: number; extra?: RefusalDetails | { num?: number } };

export type CancelOrderRequest = { room: RoomRef; order: StoredOrder; shard: number };
export type CancelOrderOutcome =
  { ok: true; moneyCents: number; bookmark: string | null } | { ok: false; errCode: number };

const HISTORY_IN_SOCKET_MESSAGES = 10;

/**
 * One room (docs/architecture.md#the-room): its schedule and unrevealed seeds in its own storage, one alarm at the
 * draw time, the bets of its round checked and written here, and its live sockets.
 */
export class RoomDO extends DurableObject<Env> {
  private readonly state: RoomState;
  private readonly gate = new RoomGate();
  /**
   * The room's last results as sockets are sent them, kept in memory (docs/decisions/114): read from
   * D1 once after a wake-up or a round change, not once per connection. null = to be read.
   */
  private recentResults: ReturnType<typeof roundResultView>[] | null = null;
  /** Bumped when rounds change, so a read that began before the change is not kept. */
  private resultsGeneration = 0;
  private optionCount: number | null = null;
  /** The open round's settings: fixed when it opened (docs/product.md#rounds-and-bets), so read from D1 once per round. */
  private rulesOfRound: { roundId: number; rules: Promise<RoundRules | undefined> } | null = null;
  /** A draw waiting for its beacon round asks again at this time, not at every wake-up (docs/decisions/130). */
  private beaconRetryAtMs: number | null = null;
  /** Orders (grouped per wallet shard), cancellations and settlements in the shards, with a bookmark per shard. */
  private readonly writes: ShardWrites;
  /**
   * Whether the room trades, read from the control database once and again after each round and each
   * operator change (tradingChanged): the order batch no longer reads the rooms row, which lives in another
   * database than the player's shard (docs/decisions/161).
   */
  private trading: Promise<boolean> | null = null;

  /** The room's databases, over their bindings (worker/db/databases.ts). */
  private readonly dbs: Databases;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.dbs = databasesOf(env);
    this.state = new RoomState(ctx.storage.sql);
    this.writes = new ShardWrites(this.dbs);
    ctx.blockConcurrencyWhile(async () => this.state.migrate());
    // Pings are answered without waking a hibernating room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** Called on entry and by the cron: opens a round if none is in play, catches up an overdue one. */
  async ensureRunning(roomId: number): Promise<RoundSchedule | null> {
    this.state.bindRoom(roomId);
    const current = this.state.current();
    if (current && (Date.now() < current.drawAtMs || Date.now() < (this.beaconRetryAtMs ?? 0))) {
      await this.keepAlarm(current);
      return current;
    }
    return this.gate.exclusive(() => this.advance());
  }

  async alarm(): Promise<void> {
    if (this.state.roomId() === null) return;
    await this.gate.exclusive(() => this.advance());
  }

  /** An operator changed the room's settings: whether it trades is read again before the next order. */
  async tradingChanged(roomId: number): Promise<void> {
    this.state.bindRoom(roomId);
    this.trading = null;
  }

  private isTrading(roomId: number): Promise<boolean> {
    if (!this.trading) {
      const read = findGameRoom(this.dbs.control, roomId).then((room) => room?.trading === true);
      this.trading = read;
      read.catch(() => {
        if (this.trading === read) this.trading = null;
      });
    }
    return this.trading;
  }

  /**
   * An operator voids the round in play before its draw: in the room's exclusive gate, so no bet, cancel
   * or draw of that round runs at the same time. False when that round is no longer in play.
   */
  async voidRound(request: { roomId: number; roundId: number; operatorId: number; note: string }): Promise<boolean> {
    this.state.bindRoom(request.roomId);
    return this.gate.exclusive(async () => {
      const nowMs = Date.now();
      const db = this.dbs.control;
      const audit = (round: { seqno: number }) =>
        auditStatement(db, {
          actorId: request.operatorId,
          action: "round.void",
          target: `room:${request.roomId}`,
          before: { round: request.roundId, seqno: round.seqno, status: "open" },
          after: { round: request.roundId, seqno: round.seqno, status: "void", note: request.note },
          nowMs,
        });
      const events = await voidRoundInPlay(
        this.cycleContext(),
        { roundId: request.roundId, operatorId: request.operatorId, note: request.note, audit },
        nowMs,
      ).finally(() => this.forgetResults());
      if (!events) return false;
      await this.settleKept();
      await this.afterCycle(request.roomId, events);
      return true;
    });
  }

  private cycleContext() {
    return {
      db: this.dbs.control,
      state: this.state,
      config: readConfig(this.env),
      roomId: this.state.roomId()!,
      flush: () => this.ctx.storage.sync(),
      shardCount: this.dbs.wallets.length,
    };
  }

  private async advance(): Promise<RoundSchedule | null> {
    const roomId = this.state.roomId()!;
    const events = await advanceRoom(this.cycleContext(), Date.now()).finally(() => {
      this.forgetResults();
      this.trading = null;
    });
    await this.settleKept();
    return this.afterCycle(roomId, events);
  }

  /** Pays drawn rounds in the shards that have not answered yet (a new draw's at once, a failed one when due). */
  private settleKept() {
    return settleKeptRounds(this.dbs, this.state, {
      onlyDue: true,
      wrote: (shard, bookmark) => this.writes.wrote(shard, bookmark),
    });
  }

  private async afterCycle(roomId: number, events: CycleEvent[]): Promise<RoundSchedule | null> {
    const waiting = events.find((e) => e.type === "waiting");
    this.beaconRetryAtMs = waiting ? waiting.retryAtMs : null;
    const current = this.state.current();
    await this.keepAlarm(current);
    await this.announce(roomId, events);
    return current;
  }

  /** The room's one alarm where worker/room/alarm-time.ts puts it, or none. */
  private async keepAlarm(current: RoundSchedule | null) {
    const at = alarmTimeMs(current, this.beaconRetryAtMs, this.state.nextSettlementRetryMs(), Date.now());
    if (at === null) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    if ((await this.ctx.storage.getAlarm()) !== at) await this.ctx.storage.setAlarm(at);
  }

  /** What the room's group commits sent to each shard (batches and statements that succeeded), for the bench. */
  async orderWriteFigures(): Promise<{ shard: number; batches: number; statements: number }[]> {
    return this.writes.orderFigures();
  }

  async placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderOutcome> {
    this.state.bindRoom(request.room.roomId);
    return this.gate.shared(async () => {
      const nowMs = Date.now();
      const current = this.state.current();
      if (!current || current.roundId !== request.roundId || nowMs >= current.closeAtMs)
        return { ok: false, errCode: 1029 };
      // The room is the one that knows whether it trades; the batch checks the player's own rows only.
      if (!(await this.isTrading(request.room.roomId))) return { ok: false, errCode: 1020 };
      const { shard } = request;
      const db = this.dbs.walletPrimary(shard);
      const rules = await this.roundSettings(current.roundId, request.room.roomId);
      if (!rules) return { ok: false, errCode: 1057 };
      let lines;
      try {
        lines = parseOrderLines(request.uncheckedLines, { optionCount: request.room.optionCount, ...rules });
      } catch (error) {
        if (error instanceof ProductError)
          return { ok: false, errCode: error.errCode, extra: error.extra as { num?: number } };
        throw error;
      }
      const orderNumber = newOrderNumber(nowMs);
      const statements = placeOrderStatements(db, {
        orderNumber,
        userId: request.userId,
        sessionId: request.sessionId,
        roomId: request.room.roomId,
        roundId: current.roundId,
        minLevel: rules.minLevel,
        lines,
        reason: ledgerReasons.round(request.room, current.seqno),
        requestId: request.requestId,
        nowMs,
      });
      let results;
      try {
        // Known before the write: a shard that may hold a bet of the round is paid (or finds nothing) at its draw.
        this.state.addRoundShard(current.roundId, shard);
        results = await this.writes.order(shard, statements);
      } catch (error) {
        // The shard out of reach (docs/decisions/169): the player is told their account is busy and tries again
        // (with its request_id, a write that landed after all is found then).
        if (!refusedStatement(error)) return { ok: false, errCode: ACCOUNT_BUSY };
        // Read from the data, not the error's wording: the refused batch wrote nothing.
        const first = request.requestId ? await findOrderByRequest(db, request.userId, request.requestId) : undefined;
        if (first)
          return {
            ok: true,
            orderId: first.id,
            orderNumber: first.orderNumber,
            moneyCents: first.moneyCents,
            bookmark: this.writes.bookmarkOf(shard),
          };
        if (await cannotCover(db, request.userId, orderTotalCents(lines))) return { ok: false, errCode: 1025 };
        throw error;
      }
      if (orderWasRefused(results)) {
        const refusal = await whyOrderRefused(db, {
          userId: request.userId,
          sessionId: request.sessionId,
          minLevel: rules.minLevel,
          lines,
          nowMs,
        });
        return { ok: false, ...refusal };
      }
      const bets = results[1].results as PlacedBet[];
      const username = request.username;
      this.broadcast({
        type: "bet",
        bets: bets.map((bet) =>
          liveBetView({ ...bet, seqno: current.seqno, username }, request.room.gameType, request.room.optionCount),
        ),
      });
      return {
        ok: true,
        orderId: bets[0].orderId,
        orderNumber,
        moneyCents: balanceAfter(results),
        bookmark: this.writes.bookmarkOf(shard),
      };
    });
  }

  /**
   * docs/product.md#rounds-and-bets: the round's own settings, as they were when it opened (the room's current ones only
   * for a round opened before rounds kept them). A failed read is not remembered.
   */
  private async roundSettings(roundId: number, roomId: number): Promise<RoundRules | undefined> {
    if (this.rulesOfRound?.roundId !== roundId) {
      const db = this.dbs.control;
      const rules = (async () => (await roundRules(db, roundId)) ?? (await findGameRoom(db, roomId)))();
      this.rulesOfRound = { roundId, rules };
      rules.catch(() => {
        if (this.rulesOfRound?.rules === rules) this.rulesOfRound = null;
      });
    }
    return this.rulesOfRound.rules;
  }

  async cancelOrder(request: CancelOrderRequest): Promise<CancelOrderOutcome> {
    this.state.bindRoom(request.room.roomId);
    return this.gate.shared(async () => {
      const current = this.state.current();
      const { order } = request;
      if (!current || current.roundId !== order.roundId || Date.now() >= current.closeAtMs)
        return { ok: false, errCode: 1029 };
      const { shard } = request;
      const db = this.dbs.walletPrimary(shard);
      let results;
      try {
        results = await this.writes.alone(
          shard,
          cancelOrderStatements(db, {
            orderId: order.id,
            orderNumber: order.orderNumber,
            userId: order.userId,
            totalCents: order.totalCents,
            reason: ledgerReasons.round(request.room, current.seqno),
            nowMs: Date.now(),
          }),
        );
      } catch (error) {
        // Cancelled twice at once: the refund's key lets only one through.
        if (await movementExists(db, cancelRefundKey(order.id))) return { ok: false, errCode: 2003 };
        throw error;
      }
      this.broadcast({ type: "cancel", orderId: order.id });
      return { ok: true, moneyCents: balanceAfter(results), bookmark: this.writes.bookmarkOf(shard) };
    });
  }

  /**
   * The live socket of /ws/room/:id (hibernation API: the room may sleep while sockets stay open).
   * Sockets are anonymous (decision 011). A room that knows its id is a real room (only callers that
   * found it in D1 bind it), so a connection is opened from this object's own state; only an object
   * never bound asks D1 whether the room exists.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket", { status: 426 });
    const roomId = Number(request.headers.get("x-room-id"));
    if (this.state.roomId() === null && !(await findGameRoom(this.dbs.control, roomId)))
      return new Response("Not found", { status: 404 });
    const current = await this.ensureRunning(roomId);
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ joinedAtMs: Date.now() });
    if (current)
      server.send(
        JSON.stringify({ type: "round", game: gameView(current, Date.now()), his: await this.history(roomId) }),
      );
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(_ws: WebSocket, _message: string | ArrayBuffer): Promise<void> {
    // Clients send nothing but pings (answered by the auto-response); anything else is ignored.
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }

  private async announce(roomId: number, events: CycleEvent[]) {
    if (events.length === 0 || this.ctx.getWebSockets().length === 0) return;
    for (const event of events) {
      if (event.type === "draw")
        this.broadcast({ type: "draw", result: roundResultView(event.round, event.optionCount) });
      else if (event.type === "waiting")
        this.broadcast({
          type: "waiting",
          game: gameView(event.round, Date.now()),
          retryAt: event.retryAtMs,
          problem: event.problem,
        });
      else this.broadcast({ type: "round", game: gameView(event.round, Date.now()), his: await this.history(roomId) });
    }
  }

  /** A round may have been drawn or voided: the next socket or announcement reads the results again. */
  private forgetResults() {
    this.resultsGeneration++;
    this.recentResults = null;
  }

  private async history(roomId: number) {
    if (this.recentResults) return this.recentResults;
    const generation = this.resultsGeneration;
    const db = this.dbs.control;
    if (this.optionCount === null) this.optionCount = (await findGameRoom(db, roomId))?.optionCount ?? null;
    if (this.optionCount === null) return [];
    const optionCount = this.optionCount;
    const rows = await latestPublicRounds(db, roomId, HISTORY_IN_SOCKET_MESSAGES);
    const results = rows.map((row) => roundResultView(row, optionCount));
    if (generation === this.resultsGeneration) this.recentResults = results;
    return results;
  }

  private broadcast(message: unknown) {
    const text = JSON.stringify(message);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(text);
      } catch {
        // a socket closing right now; the runtime drops it
      }
    }
  }
}

/** The order and cancel batches end with the player's balance update, which returns the balance after it. */
function balanceAfter(results: D1Result[]): number {
  return (results[results.length - 1].results[0] as { moneyCents: number }).moneyCents;
}

/** Order number: the time in ms and six random digits (unique index on orders.ordersn). */
function newOrderNumber(nowMs: number): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
  return `${nowMs}${String(random).padStart(6, "0")}`;
}
