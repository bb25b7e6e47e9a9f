import type { OrderRecord, ProductRecord } from "../db/finance";
import { toMoney } from "../money";
import { dailyInterestCents, daysLeft, ratePercent, valueDateMs } from "./rules";

// The wire shapes of the finance contract (docs/product.md#finance): money as decimals, rates as percentages, times in ms.

export function productRow(p: ProductRecord) {
  const rate = ratePercent(p.dailyRatePpm);
  return {
    id: p.id,
    titleKey: p.nameKey,
    rate_ppm: p.dailyRatePpm,
    rate: rate.daily,
    yearRate: rate.yearly,
    min: toMoney(p.minCents),
    max: p.maxCents === null ? null : toMoney(p.maxCents),
    days: p.days,
  };
}

export function orderRow(o: OrderRecord, nowMs: number) {
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
    daysLeft: o.status === "matured" ? 0 : daysLeft(o.endAtMs, nowMs),
    daysPaid: o.accruedDays,
    dailyInterest: toMoney(perDay),
    interest: toMoney(perDay * o.accruedDays),
    totalInterest: toMoney(perDay * o.days),
    status: o.status as "active" | "matured",
  };
}

export function operatorOrderRow(o: OrderRecord & { username: string }, nowMs: number) {
  return { ...orderRow(o, nowMs), userId: o.userId, username: o.username };
}
