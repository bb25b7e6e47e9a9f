// What the game API shows of rounds and bets (docs/architecture.md#the-contract): pure shaping of
// stored rows, shared by the HTTP routes, the room's WebSocket messages and the fairness script.

import { ELEVEN_FIVE, type GameType, isGameType, optionsForRoom, racingOptionOf } from "#shared/games/options";
import { RACING_10 } from "#shared/rooms";
import type { CurrentRound, LiveBet, RoundResult } from "#shared/rounds";
import { VOID_PRESETS, splitNote } from "#shared/request-reasons";
import { isOptionInMask } from "#shared/games/rules";
import { toMoney, toOdds } from "#shared/money";

/** A round as stored in D1 (the columns the views need). */
export type RoundRow = {
  id: number;
  seqno: number;
  gameType: number;
  commit: string;
  seed: string | null;
  numbers: string | null;
  num1: number | null;
  num2: number | null;
  num3: number | null;
  sum: number | null;
  winMask: number | null;
  /** when betting closed: the beacon round is the first produced after it (docs/decisions/130) */
  closeAtMs: number;
  drawAtMs: number;
  /** open | settled | void */
  status: string;
  /** why a void round could not be drawn (worker/room/rounds.ts VoidReason) */
  voidReason: string | null;
  /** an operator's void: "#presetKey free text" (the free text stays in the console); absent on a draw */
  voidNote?: string | null;
  beaconChain: string | null;
  beaconRound: number | null;
  beaconSignature: string | null;
  beaconRandomness: string | null;
};

// The legacy client's Chinese wording (resultcn, docs/architecture.md#the-contract); players see localized text from the keys.
const SUM_OPTION_CN: Record<string, string> = {
  big: "大",
  small: "小",
  odd: "单",
  even: "双",
  big_odd: "大单",
  big_even: "大双",
  small_odd: "小单",
  small_even: "小双",
  extreme_big: "极大",
  extreme_small: "极小",
  triple: "豹子",
};
const RANK_CN = ["冠军", "亚军", "季军", "第四名", "第五名", "第六名", "第七名", "第八名", "第九名", "第十名"];

export function optionChinese(gameType: GameType, optionIndex: number, key: string): string {
  if (gameType === RACING_10) {
    const { rank, kind } = racingOptionOf(optionIndex);
    return RANK_CN[rank - 1] + SUM_OPTION_CN[kind];
  }
  // 11x5's five balls are distinct: its "triple" option is the middle sum 30.
  if (gameType === ELEVEN_FIVE && key === "triple") return "和值30";
  return SUM_OPTION_CN[key] ?? key;
}

/** The winning options of a drawn round among the options this room offers. */
export function winningOptions(gameType: number, optionCount: number, winMask: number) {
  if (!isGameType(gameType)) return [];
  const mask = BigInt(winMask);
  return optionsForRoom(gameType, optionCount).filter((option) => isOptionInMask(mask, option.index));
}

/** The preset reason's key of an operator's void note ("#wrongOdds checked twice" -> "wrongOdds"), never its free text. */
export function voidPresetOf(note: string | null | undefined): string | null {
  const { key } = splitNote(note);
  return key !== null && (VOID_PRESETS as readonly string[]).includes(key) ? key : null;
}

/** A round for the API; a round not drawn yet shows its commit only (no seed, no numbers). */
export function roundResultView(row: RoundRow, optionCount: number): RoundResult {
  const drawn = row.seed !== null && row.numbers !== null && row.winMask !== null;
  const winners = drawn ? winningOptions(row.gameType, optionCount, row.winMask!) : [];
  return {
    id: row.id,
    seqno: row.seqno,
    num1: drawn ? row.num1 : null,
    num2: drawn ? row.num2 : null,
    num3: drawn ? row.num3 : null,
    sum: drawn ? row.sum : null,
    numbers: drawn ? (JSON.parse(row.numbers!) as number[]) : [],
    resultcn: winners.map((o) => optionChinese(row.gameType as GameType, o.index, o.key)).join(","),
    resultKeys: winners.map((o) => o.key),
    commit: row.commit,
    // Published once the round is over, drawn or void; never while it is open.
    seed: row.status === "open" ? null : row.seed,
    // Published so a verifier can recompute the beacon round the rule names (docs/decisions/130).
    closeAt: row.closeAtMs,
    drawAt: row.drawAtMs,
    status: row.status,
    voidReason: row.status === "void" ? row.voidReason : null,
    voidPreset: row.status === "void" ? voidPresetOf(row.voidNote) : null,
    beacon:
      row.beaconRound === null
        ? null
        : {
            chain: row.beaconChain,
            round: row.beaconRound,
            signature: drawn ? row.beaconSignature : null,
            randomness: drawn ? row.beaconRandomness : null,
          },
  };
}

/** "demo01" -> "de***1": other players are recognisable to themselves, not to the room. */
export function maskUsername(username: string): string {
  if (username.length <= 2) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

export type LiveBetRow = {
  id: number;
  orderId: number;
  optionIndex: number;
  oddsMilli: number;
  stakeCents: number;
  seqno: number;
  username: string;
};

/** One row of the room's live table (getVorder and the socket's "bet" message). */
export function liveBetView(row: LiveBetRow, gameType: number, optionCount: number): LiveBet {
  return {
    id: row.id,
    orderId: row.orderId,
    value: row.optionIndex,
    valuecn: optionKey(gameType, optionCount, row.optionIndex),
    rate: toOdds(row.oddsMilli),
    money: toMoney(row.stakeCents),
    seqno: row.seqno,
    username: maskUsername(row.username),
  };
}

export function optionKey(gameType: number, optionCount: number, optionIndex: number): string {
  if (!isGameType(gameType)) return String(optionIndex);
  return optionsForRoom(gameType, optionCount)[optionIndex]?.key ?? String(optionIndex);
}

/** The current round as getGameinfo's `game` (without the player's balance) and the socket's "round". */
export type RoundSchedule = {
  roundId: number;
  seqno: number;
  gameType: number;
  commit: string;
  openAtMs: number;
  closeAtMs: number;
  drawAtMs: number;
  /** The beacon chain and round the draw will use (docs/decisions/130); null: commit-reveal only. */
  beaconChain: string | null;
  beaconRound: number | null;
};

export function gameView(schedule: RoundSchedule, nowMs: number): CurrentRound {
  return {
    id: schedule.roundId,
    seqno: schedule.seqno,
    gametype: schedule.gameType,
    commit: schedule.commit,
    openAt: schedule.openAtMs,
    closeAt: schedule.closeAtMs,
    drawAt: schedule.drawAtMs,
    // Past its draw time and still in play: the draw waits for its beacon round (docs/decisions/130).
    status:
      nowMs < schedule.closeAtMs
        ? ("open" as const)
        : nowMs < schedule.drawAtMs
          ? ("closed" as const)
          : ("waiting" as const),
    beacon: schedule.beaconRound === null ? null : { chain: schedule.beaconChain, round: schedule.beaconRound },
  };
}

/** Time left until the draw, as the legacy countdown reads it. */
export function diffView(schedule: RoundSchedule, nowMs: number) {
  const seconds = Math.max(0, Math.ceil((schedule.drawAtMs - nowMs) / 1000));
  return { minute: Math.floor(seconds / 60), second: seconds % 60 };
}
