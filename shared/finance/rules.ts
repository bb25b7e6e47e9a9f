import { DAY_MS, dayStartMs } from "../days";

// The staking lock-up rules (docs/product.md#finance, docs/product.md#input-rules), pure: shared by the API, the cron and the
// screens. Days end at 00:00 UTC+8 (shared/days.ts); see docs/decisions/070-finance-days-and-clock.md.

const PPM = 1_000_000;

export type Tier = { minCents: number; maxCents: number | null; dailyRatePpm: number; days: number };

/** A refused amount as a catalogue code (and the figure its message names). */
export type TransferProblem = { code: number; num?: number };

/** Interest of one full day: floor(principal x rate / 1,000,000) cents (docs/product.md#finance). */
export function dailyInterestCents(principalCents: number, dailyRatePpm: number): number {
  return Math.floor((principalCents * dailyRatePpm) / PPM);
}

/** The daily and yearly (daily x 365) rates as percentages, as the screens and the contract show them. */
export function ratePercent(dailyRatePpm: number) {
  return { daily: dailyRatePpm / 10_000, yearly: (dailyRatePpm * 365) / 10_000 };
}

/**
 * The most a tier takes: its own maximum, or for an open-ended tier the operator's ceiling. The ceiling
 * is kept at or above that tier's least (1201, 1202 in worker/finance/tiers.ts); the max() only guards
 * a value stored before that rule.
 */
export function tierMaxCents(tier: Pick<Tier, "minCents" | "maxCents">, openMaxCents: number): number {
  return tier.maxCents ?? Math.max(openMaxCents, tier.minCents);
}

/**
 * Why an amount cannot go into a tier, or null: the tier's own range (1111 below its least, 1112 above
 * its most, an open-ended tier's most being the operator's ceiling), then the balance (1025).
 */
export function transferProblem(
  tier: Tier,
  openMaxCents: number,
  amountCents: number,
  balanceCents?: number,
): TransferProblem | null {
  if (amountCents <= 0) return { code: 1042 };
  if (amountCents < tier.minCents) return { code: 1111, num: tier.minCents / 100 };
  const maxCents = tierMaxCents(tier, openMaxCents);
  if (amountCents > maxCents) return { code: 1112, num: maxCents / 100 };
  if (balanceCents !== undefined && amountCents > balanceCents) return { code: 1025 };
  return null;
}

/** Interest starts at the first 00:00 UTC+8 after the transfer: the first day counted is a full one. */
export function valueDateMs(startAtMs: number): number {
  return dayStartMs(startAtMs) + DAY_MS;
}

/** The principal comes back when the last counted day ends. */
export function maturityMs(startAtMs: number, days: number): number {
  return valueDateMs(startAtMs) + days * DAY_MS;
}

/** Full days of an order that have ended by nowMs (0 to days). */
export function daysDue(startAtMs: number, days: number, nowMs: number): number {
  return Math.max(0, Math.min(days, Math.floor((nowMs - valueDateMs(startAtMs)) / DAY_MS)));
}

/**
 * Days of interest still to be paid: the order's days less those paid. It reads with "N of M days
 * paid" (a lock-up made today shows 15 left beside "0 of 15 days paid", not 16 for the day under way).
 */
export function daysLeft(days: number, daysPaid: number): number {
  return Math.max(0, days - daysPaid);
}
