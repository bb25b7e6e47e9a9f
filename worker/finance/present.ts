import type { OrderRecord, ProductRecord } from "./orders";
import { toMoney } from "#shared/money";
import { dailyInterestCents, daysLeft, ratePercent, tierMaxCents, valueDateMs } from "#shared/finance/rules";

// The wire shapes of the finance contract (docs/product.md#finance): money as decimals, rates as percentages, times in ms.

/** A tier as the screens show it: `max` null = open-ended, `upTo` the most it takes all the same. */
export function productRow(p: ProductRecord, openMaxCents: number) {
  const rate = ratePercent(p.dailyRatePpm);
  return {
    id: p.id,
    titleKey: p.nameKey,
    rate_ppm: p.dailyRatePpm,
    rate: rate.daily,
    yearRate: rate.yearly,
    min: toMoney(p.minCents),
    max: p.maxCents === null ? null : toMoney(p.maxCents),
    upTo: toMoney(tierMaxCents(p, openMaxCents)),
    days: p.days,
  };
}

export function orderRow(o: OrderRecord) {
  const perDay = dailyInterestCents(o.amountCents, o.dailyRatePpm);
  return {
    id: o.id,
    product: o.productId,
    titleKey: o.nameKey,
    principal: toMoney(o.amountCents),
    rate_ppm: o.dailyRatePpm,
    rate: ratePercent(o.dailyRatePpm).daily,
    days: o.days,
    start: o.startAtMs,
    valueDate: valueDateMs(o.startAtMs),
    maturity: o.endAtMs,
    daysLeft: o.status === "matured" ? 0 : daysLeft(o.days, o.accruedDays),
    daysPaid: o.accruedDays,
    dailyInterest: toMoney(perDay),
    interest: toMoney(perDay * o.accruedDays),
    totalInterest: toMoney(perDay * o.days),
    status: o.status as "active" | "matured",
  };
}

export function operatorOrderRow(o: OrderRecord & { username: string }) {
  return { ...orderRow(o), userId: o.userId, username: o.username };
}
