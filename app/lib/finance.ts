import type { TFunction } from "i18next";
import type { Tier } from "#shared/finance/rules";
import { formatDecimal } from "./number-format";
import type { Product } from "#shared/answers/finance";

// Small helpers for the finance screens; the answers they read are shared/answers/finance.ts.

export function percent(value: number): string {
  return `${formatDecimal(value, 2, 4)}%`;
}

export function tierName(t: TFunction, titleKey: string): string {
  return t(`finance:tiers.${titleKey}`, { defaultValue: titleKey });
}

/** The product as the shared rules read it (cents, ppm); `upTo` in cents is its most (rules.transferProblem's ceiling). */
export function tierOf(p: Product): Tier {
  return {
    minCents: Math.round(p.min * 100),
    maxCents: p.max === null ? null : Math.round(p.max * 100),
    dailyRatePpm: p.rate_ppm,
    days: p.days,
  };
}

/** The product named by ?id=, or the first one. */
export function pickProduct(list: Product[], id: string | null): Product | undefined {
  return id ? list.find((p) => String(p.id) === id) : list[0];
}

export const upToCents = (p: Product) => Math.round(p.upTo * 100);
