// The live table as the room screen holds it and the pure rules the
// room screen applies before it asks the server: the server checks everything again.
import { formatDecimal } from "./number-format";
import { MAX_OPTIONS_PER_ORDER, RACING_10 } from "#shared/rooms";
import type { LiveBet as ServerLiveBet, RoundResult } from "#shared/rounds";
import type { BetOptionOdds } from "#shared/answers/games";

/** A row of the live table as the screen holds it: `mine` marks the player's own bets. */
export type LiveBet = ServerLiveBet & { mine?: boolean };

/** The room's poll (/activity/{id}/live): the round's bets, or ok false when the API refused. */
export type PollAnswer = { ok: boolean; list: LiveBet[]; seqno: number | null };

/** A page of a room's past results (/activity/{id}/record), or the API's refusal in `failed`. */
export type RecordPage = { page: number; list: RoundResult[]; hasMore: boolean; failed: string | null };

export type RoomScreen = "activity" | "bjsc";

/** Each game type has one screen: a Racing 10 room lives at /bjsc/{id}, every other at /activity/{id}. */
export function screenOfRoomType(type: number): RoomScreen {
  return type === RACING_10 ? "bjsc" : "activity";
}

/** Money as players read it: two decimals with thousands separators (10,000.00). */
export function formatMoney(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  return formatDecimal(safe, 2, 2);
}

/** Odds as the legacy client shows them: three decimals (1.980). */
export function formatOdds(odds: number): string {
  return Number.isFinite(odds) ? odds.toFixed(3) : "-";
}

/** A positive whole amount per option, or null (docs/product.md#input-rules: "amount a positive integer"). */
export function parseStake(input: string | null | undefined): number | null {
  const text = (input ?? "").trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const amount = Number(text);
  return amount > 0 ? amount : null;
}

export type OrderProblem =
  | { reason: "select" }
  | { reason: "tooMany" }
  | { reason: "amount" }
  | { reason: "minbuy"; num: number }
  | { reason: "balance" };

/** What stops an order before it is sent: the same rules the server applies (1030, 1031, 1024, 1025). */
export function orderProblem(picks: number, amountText: string, minbuy: number, balance: number): OrderProblem | null {
  if (picks < 1) return { reason: "select" };
  if (picks > MAX_OPTIONS_PER_ORDER) return { reason: "tooMany" };
  const amount = parseStake(amountText);
  if (amount === null) return { reason: "amount" };
  const total = amount * picks;
  if (total < minbuy) return { reason: "minbuy", num: minbuy };
  if (total > balance) return { reason: "balance" };
  return null;
}

/** A pick travels through forms as "index:odds", so the order sends the odds the player saw. */
export function encodePick(option: BetOptionOdds): string {
  return `${option.index}:${option.odds}`;
}

export function decodePick(value: string): { index: number; odds: number } | null {
  const match = /^(\d{1,3}):(\d{1,6}(?:\.\d{1,3})?)$/.exec(value);
  if (!match) return null;
  return { index: Number(match[1]), odds: Number(match[2]) };
}

/** order_info rows [optionIndex, odds, amount] of /api/Game/order; null when any pick is malformed or repeated. */
export function buildOrderInfo(pickValues: string[], amount: number): Array<[number, number, number]> | null {
  const rows: Array<[number, number, number]> = [];
  const seen = new Set<number>();
  for (const value of pickValues) {
    const pick = decodePick(value);
    if (!pick || seen.has(pick.index)) return null;
    seen.add(pick.index);
    rows.push([pick.index, pick.odds, amount]);
  }
  return rows;
}

/** A room id from the URL: a positive whole number, else null (the route answers 404). */
export function roomIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export type BetStatus = "pending" | "won" | "lost" | "refunded" | "cancelled";

export function betStatusOf(isaward: number): BetStatus {
  switch (isaward) {
    case 1:
      return "won";
    case 0:
      return "lost";
    case 2:
      return "refunded";
    case 3:
      return "cancelled";
    default:
      return "pending";
  }
}

/** Bet record tabs (docs/product.md#screens) and the type each sends to getGamelog2. */
export const BET_TABS = ["all", "won", "lost", "pending"] as const;
export type BetTab = (typeof BET_TABS)[number];

export function betTabOf(value: string | null): BetTab {
  return (BET_TABS as readonly string[]).includes(value ?? "") ? (value as BetTab) : "all";
}
