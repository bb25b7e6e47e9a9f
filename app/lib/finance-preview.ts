import { dailyInterestCents } from "#shared/finance/rules";
import { parseMoneyToCents } from "#shared/money";

/**
 * An amount as a player types it, with the thousands separators the screens write ("2,500",
 * "250,000.50"): the same digits without them, for the rules that read plain amounts. Anything else,
 * a misplaced comma included ("2,50"), is left as typed for those rules to refuse.
 */
export function withoutGroupSeparators(typed: string): string {
  const trimmed = typed.trim();
  return /^\d{1,3}(?:,\d{3})+(?:\.\d{0,2})?$/.test(trimmed) ? trimmed.replace(/,/g, "") : trimmed;
}

/** Cents of a typed amount (separators allowed), or null when it is not an amount. */
export function typedCents(typed: string): number | null {
  return parseMoneyToCents(withoutGroupSeparators(typed));
}

export type InterestPreview = { money: number; perDay: number; total: number; days: number };

/** What an amount earns in a tier: a day and over the whole lock-up (the rules' own rounding). */
export function interestPreview(cents: number, product: { rate_ppm: number; days: number }): InterestPreview {
  const perDay = dailyInterestCents(cents, product.rate_ppm);
  return { money: cents / 100, perDay: perDay / 100, total: (perDay * product.days) / 100, days: product.days };
}
