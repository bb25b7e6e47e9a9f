// The bet rules of docs/product.md#input-rules for one order's order_info rows [optionIndex, odds, amount]: pure, so
// the room can check an order against its round's settings (docs/product.md#rounds-and-bets) and the rules can be tested alone.

import { ProductError } from "#shared/product-error";
import type { BetLine } from "./bets";
import { toMoney } from "#shared/money";
import { MAX_OPTIONS_PER_ORDER } from "#shared/rooms";

/** Larger than any balance: an amount beyond it is simply more than the player has (1025). */
const MAX_AMOUNT_PER_OPTION = 1_000_000_000;

export type OrderRoom = { optionCount: number; ratesMilli: readonly number[]; minbuyCents: number };

function rowsOf(raw: unknown): unknown[] {
  if (raw === undefined || raw === null || raw === "") throw new ProductError(1030);
  let value = raw;
  // Form posts of the legacy client send the rows as a JSON string.
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ProductError(1031);
    }
  }
  if (!Array.isArray(value)) throw new ProductError(1031);
  if (value.length === 0) throw new ProductError(1030);
  if (value.length > MAX_OPTIONS_PER_ORDER) throw new ProductError(1031);
  return value;
}

function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return Number.NaN;
}

/** The amount per option: a positive whole number of the currency. */
function stakeCentsOf(value: unknown): number {
  const amount = numberOf(value);
  if (!Number.isFinite(amount)) throw new ProductError(1050);
  if (amount <= 0) throw new ProductError(1042);
  if (!Number.isInteger(amount)) throw new ProductError(1050);
  if (amount > MAX_AMOUNT_PER_OPTION) throw new ProductError(1025);
  return amount * 100;
}

/**
 * Checks an order against its room: 1 to 9 distinct options the room offers, the room's current
 * odds exactly (a client showing stale odds is refused, 1031), positive whole amounts, and a total
 * of at least the room's minbuy (1024 with the figure).
 */
export function parseOrderLines(raw: unknown, room: OrderRoom): BetLine[] {
  const seen = new Set<number>();
  const lines: BetLine[] = [];
  for (const row of rowsOf(raw)) {
    if (!Array.isArray(row) || row.length !== 3) throw new ProductError(1031);
    const optionIndex = numberOf(row[0]);
    if (!Number.isInteger(optionIndex) || optionIndex < 0 || optionIndex >= room.optionCount || seen.has(optionIndex)) {
      throw new ProductError(1031);
    }
    seen.add(optionIndex);
    const odds = numberOf(row[1]);
    const oddsMilli = room.ratesMilli[optionIndex];
    if (!Number.isFinite(odds) || Math.round(odds * 1000) !== oddsMilli) throw new ProductError(1031);
    lines.push({ optionIndex, oddsMilli, stakeCents: stakeCentsOf(row[2]) });
  }
  const totalCents = lines.reduce((total, line) => total + line.stakeCents, 0);
  if (totalCents < room.minbuyCents) throw new ProductError(1024, { num: toMoney(room.minbuyCents) });
  return lines;
}
