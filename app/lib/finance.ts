import type { TFunction } from "i18next";
import type { Tier } from "#shared/finance/rules";
import { formatDecimal } from "./number-format";

// Shapes of the finance contract (worker/finance/present.ts) and small helpers for its screens.

export type Product = {
  id: number;
  titleKey: string;
  rate_ppm: number;
  rate: number;
  yearRate: number;
  min: number;
  max: number | null;
  upTo: number;
  days: number;
};
export type ProductList = { list: Product[]; min: number; max: number };
export type FinanceOrder = {
  id: number;
  product: number;
  titleKey: string;
  principal: number;
  rate: number;
  days: number;
  start: number;
  valueDate: number;
  maturity: number;
  daysLeft: number;
  daysPaid: number;
  dailyInterest: number;
  interest: number;
  totalInterest: number;
  status: "active" | "matured";
};

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
