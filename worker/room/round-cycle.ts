// The life of a room's rounds (docs/architecture.md#the-room): open with a commit (and the beacon round the draw will use,
// docs/decisions/130), draw from the seed and that beacon round, settle in D1, open the next. Every step can run twice (alarms are at-least-once, a room can restart half-way)
// and gives the same result; see docs/decisions/010-room-rounds.md.

import type { ControlDb } from "../db/client";
import { type GameRoom, findGameRoom, roundTiming } from "./game-rooms";
import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  type NewRound,
  type Settlement,
  type StoredRound,
  type VoidReason,
  latestRound,
  openRoundStatements,
  roundAnsweredStatements,
  roundResultStatement,
} from "./rounds";
import { readSettings } from "../settings/settings";
import { runInOneBatch } from "../db/batch";
import type { Config } from "../config";
import { commitOf, drawNumbers, fromHex, newServerSeed } from "#shared/games/fairness";
import { toHex } from "#shared/hex";
import { type GameType, fullOptionCount } from "#shared/games/options";
import { refundMask, resultOf, winningMask } from "#shared/games/rules";
import type { RoomState } from "./room-state";
import { awaitBeacon, beaconForRound } from "./beacon-draw";
import type { VerifiedBeacon } from "#shared/games/beacon";
import { type RoundRow, type RoundSchedule, voidPresetOf } from "./round-view";
import { ledgerReasons, type LedgerReason } from "../ledger/reasons";
import { rounds } from "../db/schema";

export type CycleContext = {
  db: ControlDb;
  state: RoomState;
  config: Pick<Config, "roundSeconds" | "closeSeconds" | "beacon">;
  roomId: number;
  /** Makes the room's own storage durable before D1 hears of what it holds (a new seed). */
  flush: () => Promise<void>;
  /** How many wallet shards the deployment binds: a round whose set of shards was lost is paid in each. */
  shardCount: number;
};

export type CycleEvent =
  | { type: "draw"; round: RoundRow; optionCount: number }
  | { type: "round"; round: RoundSchedule }
  /** The draw is due but its beacon round is not in yet (docs/decisions/130): the room asks again at retryAtMs. */
  | { type: "waiting"; round: RoundSchedule; retryAtMs: number; problem: string };

/**
 * Brings the room up to date at nowMs: an overdue round is drawn and settled at once, and the next
 * round opens now. Rounds exist only once opened and seqno grows by one per opened round, so a room
 * that slept through several round lengths has no missing seqnos: it simply played fewer rounds.
 */
export async function advanceRoom(ctx: CycleContext, nowMs: number): Promise<CycleEvent[]> {
  const events: CycleEvent[] = [];
  // At most: adopt an overdue round, draw it and open the next.
  for (let step = 0; step < 3; step++) {
    const current = ctx.state.current();
    if (current && nowMs < current.drawAtMs) break;
    const room = await findGameRoom(ctx.db, ctx.roomId);
    if (!current) {
      if (!room || !room.trading) break;
      const opened = await startRoom(ctx, room, nowMs);
      if (nowMs < opened.drawAtMs) events.push({ type: "round", round: opened });
      continue;
    }
    events.push(...(await drawAndContinue(ctx, current, room, nowMs)));
    if (events.some((e) => e.type === "waiting")) break;
  }
  return events;
}

async function drawAndContinue(
  ctx: CycleContext,
  current: RoundSchedule,
  room: GameRoom | undefined,
  nowMs: number,
): Promise<CycleEvent[]> {
  const named = room ?? { title: `Room ${ctx.roomId}`, titleKey: "" };
  const reason = ledgerReasons.round(named, current.seqno);
  const seedHex = ctx.state.seedFor(current.seqno);
  if (!seedHex)
    return settleAndContinue(
      ctx,
      current,
      room,
      voidSettlement(
        current.roundId,
        current.gameType,
        ledgerReasons.roundVoid(named, current.seqno, "seed_lost", null),
        nowMs,
        null,
      ),
      [],
      nowMs,
    );
  if (current.beaconRound === null)
    return settleAndContinue(
      ctx,
      current,
      room,
      await drawnSettlement(ctx, current, seedHex, null, reason, nowMs),
      [],
      nowMs,
    );
  const beacon = await awaitBeacon(ctx.config.beacon, { ...current, beaconRound: current.beaconRound });
  if (beacon.kind === "wait")
    return [{ type: "waiting", round: current, retryAtMs: beacon.retryAtMs, problem: beacon.problem }];
  const settlement =
    beacon.kind === "ready"
      ? await drawnSettlement(ctx, current, seedHex, beacon.beacon, reason, nowMs)
      : voidSettlement(
          current.roundId,
          current.gameType,
          ledgerReasons.roundVoid(named, current.seqno, "beacon_unavailable", null),
          nowMs,
          seedHex,
          "beacon_unavailable",
        );
  return settleAndContinue(ctx, current, room, settlement, [], nowMs);
}

/**
 * An operator's void of the round in play (docs/product.md#operators): before its draw, every stake refunded through
 * the same settlement statements as a round that cannot be drawn, the operator's note and audit row in
 * the same batch, and the next round opened at once. Null when that round is not the one in play or
 * its draw time has come (the draw wins; nothing is written).
 */
export async function voidRoundInPlay(
  ctx: CycleContext,
  request: {
    roundId: number;
    operatorId: number;
    note: string;
    audit: (round: { seqno: number }) => BatchItem<"sqlite">;
  },
  nowMs: number,
): Promise<CycleEvent[] | null> {
  const current = ctx.state.current();
  if (!current || current.roundId !== request.roundId || nowMs >= current.drawAtMs) return null;
  const room = await findGameRoom(ctx.db, ctx.roomId);
  const reason = ledgerReasons.roundVoid(
    room ?? { title: `Room ${ctx.roomId}`, titleKey: "" },
    current.seqno,
    "operator",
    voidPresetOf(request.note),
  );
  const settlement = voidSettlement(
    current.roundId,
    current.gameType,
    reason,
    nowMs,
    ctx.state.seedFor(current.seqno),
    "operator",
  );
  const note = ctx.db
    .update(rounds)
    .set({ voidNote: request.note, voidedBy: request.operatorId })
    .where(and(eq(rounds.id, current.roundId), eq(rounds.voidReason, "operator"), isNull(rounds.voidNote)));
  return settleAndContinue(ctx, current, room, settlement, [note, request.audit(current)], nowMs);
}

/**
 * Publishes the round in play's result (drawn or void) and opens the next one in the same control batch; the
 * room then pays the round in each wallet shard holding its bets (worker/room/shard-settlement.ts), kept in
 * its storage first so that neither a restart nor a shard that fails loses it (docs/decisions/161).
 */
async function settleAndContinue(
  ctx: CycleContext,
  current: RoundSchedule,
  room: GameRoom | undefined,
  settlement: Settlement,
  alongside: BatchItem<"sqlite">[],
  nowMs: number,
): Promise<CycleEvent[]> {
  settlement.vipThresholdsCents = (await readSettings(ctx.db, ["vip_thresholds_cents"])).vip_thresholds_cents;
  // Trading stopped: the round in play is still drawn and paid, but no new round opens.
  const next = room?.trading ? await prepareRound(ctx, room, current.seqno + 1, nowMs) : null;
  const shards = ctx.state.roundShards(current.roundId);
  ctx.state.keepSettlement(current.roundId, settlement);
  const statements = [
    roundResultStatement(ctx.db, settlement),
    ...alongside,
    // nobody bet: settled at once
    ...roundAnsweredStatements(ctx.db, { roundId: current.roundId, shards, nowMs }, null),
    ...(next ? openRoundStatements(ctx.db, next) : []),
  ];
  const results = await runInOneBatch(ctx.db, statements);
  const opened = next ? scheduleOf(results[results.length - 1].results[0] as StoredRound) : null;
  ctx.state.setCurrent(opened);
  ctx.state.forgetSeedsThrough(current.seqno);
  const events: CycleEvent[] = [];
  const round: RoundRow = {
    id: current.roundId,
    seqno: current.seqno,
    gameType: current.gameType,
    commit: current.commit,
    seed: settlement.seedHex,
    numbers: settlement.draw ? JSON.stringify(settlement.draw.numbers) : null,
    num1: settlement.draw?.num1 ?? null,
    num2: settlement.draw?.num2 ?? null,
    num3: settlement.draw?.num3 ?? null,
    sum: settlement.draw?.sum ?? null,
    winMask: settlement.winMask,
    closeAtMs: current.closeAtMs,
    drawAtMs: current.drawAtMs,
    status: settlement.status,
    voidReason: settlement.voidReason,
    beaconChain: current.beaconChain,
    beaconRound: current.beaconRound,
    beaconSignature: settlement.beacon?.signature ?? null,
    beaconRandomness: settlement.beacon?.randomness ?? null,
  };
  // A round lost with its seed passes silently as before; one voided by an operator or for want of its beacon is announced.
  if (settlement.draw || settlement.voidReason === "operator" || settlement.voidReason === "beacon_unavailable") {
    events.push({
      type: "draw",
      round,
      optionCount: room?.optionCount ?? fullOptionCount(current.gameType as GameType),
    });
  }
  if (opened) events.push({ type: "round", round: opened });
  return events;
}

async function drawnSettlement(
  ctx: CycleContext,
  round: RoundSchedule,
  seedHex: string,
  beacon: VerifiedBeacon | null,
  reason: LedgerReason,
  nowMs: number,
): Promise<Settlement> {
  const gameType = round.gameType as GameType;
  const numbers = await drawNumbers(fromHex(seedHex), ctx.roomId, round.seqno, gameType, beacon?.randomness ?? null);
  const result = resultOf(gameType, numbers);
  return {
    roundId: round.roundId,
    status: "settled",
    voidReason: null,
    seedHex,
    beacon: beacon ? { signature: beacon.signature, randomness: beacon.randomness } : null,
    draw: { numbers, num1: result.num1, num2: result.num2, num3: result.num3, sum: result.sum },
    // At most 40 bits (Racing 10): exact as a JavaScript number and as a D1 integer.
    winMask: Number(winningMask(gameType, result)),
    refundMask: Number(refundMask(gameType, result)),
    vipThresholdsCents: [],
    reason,
    nowMs,
  };
}

/**
 * A round whose seed is lost cannot be drawn fairly by anyone, an operator voided it, or its beacon never
 * came: every stake goes back, and the seed (when the room still has it) is published like a drawn round's.
 */
function voidSettlement(
  roundId: number,
  gameType: number,
  reason: LedgerReason,
  nowMs: number,
  seedHex: string | null,
  why: VoidReason = "seed_lost",
): Settlement {
  const everyOption = Number((1n << BigInt(fullOptionCount(gameType as GameType))) - 1n);
  return {
    roundId,
    status: "void",
    voidReason: why,
    seedHex,
    draw: null,
    winMask: 0,
    refundMask: everyOption,
    vipThresholdsCents: [],
    reason,
    nowMs,
  };
}

/**
 * First round after a (re)start: the room continues after the newest round D1 knows. An open round
 * whose seed the room still holds is taken up again (a crash between opening it and recording it).
 */
async function startRoom(ctx: CycleContext, room: GameRoom, nowMs: number): Promise<RoundSchedule> {
  const latest = await latestRound(ctx.db, ctx.roomId);
  // A round drawn already is being paid by the room's alarm (its settlement is kept): the next one opens.
  if (latest?.status === "open" && latest.drawnAtMs === null) {
    const seedHex = ctx.state.seedFor(latest.seqno);
    if (seedHex && (await commitOf(fromHex(seedHex))) === latest.commit) {
      const adopted = scheduleOf(latest);
      ctx.state.setCurrent(adopted);
      return adopted;
    }
    // The seed is lost with the room's storage, and with it which shards hold the round's bets: each is refunded.
    const settlement = voidSettlement(
      latest.id,
      latest.gameType,
      ledgerReasons.roundVoid(room, latest.seqno, "seed_lost", null),
      nowMs,
      null,
    );
    const shards = Array.from({ length: ctx.shardCount }, (_, shard) => shard);
    ctx.state.keepSettlement(latest.id, settlement, shards);
    await runInOneBatch(ctx.db, [
      roundResultStatement(ctx.db, settlement),
      ...roundAnsweredStatements(ctx.db, { roundId: latest.id, shards, nowMs }, null),
    ]);
  }
  const next = await prepareRound(ctx, room, (latest?.seqno ?? 0) + 1, nowMs);
  const [, stored] = await runInOneBatch(ctx.db, openRoundStatements(ctx.db, next));
  const opened = scheduleOf(stored.results[0] as StoredRound);
  ctx.state.setCurrent(opened);
  return opened;
}

/** The next round's seed is made (or found, on a retry) and kept before its commit goes to D1. */
async function prepareRound(ctx: CycleContext, room: GameRoom, seqno: number, nowMs: number): Promise<NewRound> {
  let seedHex = ctx.state.seedFor(seqno);
  if (!seedHex) {
    seedHex = toHex(newServerSeed());
    ctx.state.storeSeed(seqno, seedHex);
    await ctx.flush();
  }
  const { roundMs, closeMs } = roundTiming(room, ctx.config);
  const drawAtMs = nowMs + roundMs;
  const closeAtMs = drawAtMs - closeMs;
  return {
    roomId: ctx.roomId,
    seqno,
    gameType: room.gameType,
    openAtMs: nowMs,
    closeAtMs,
    drawAtMs,
    commit: await commitOf(fromHex(seedHex)),
    ...(await beaconForRound(ctx.config.beacon, closeAtMs)),
    // docs/product.md#rounds-and-bets: a settings change applies from the next round, never inside an open one.
    rules: { ratesMilli: room.ratesMilli, minbuyCents: room.minbuyCents, minLevel: room.minLevel },
  };
}

function scheduleOf(row: StoredRound): RoundSchedule {
  return {
    roundId: row.id,
    seqno: row.seqno,
    gameType: row.gameType,
    commit: row.commit,
    openAtMs: row.openAtMs,
    closeAtMs: row.closeAtMs,
    drawAtMs: row.drawAtMs,
    beaconChain: row.beaconChain,
    beaconRound: row.beaconRound,
  };
}
