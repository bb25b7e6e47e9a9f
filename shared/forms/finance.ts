import * as z from "zod";
import { integerId, text } from "../fields";
import { parseMoneyToCents } from "../money";
import { cursorFields } from "../fields";

// One schema per finance form (docs/product.md#input-rules); messages are catalogue codes and the first failing field, in
// the order below, decides the answer. The amount's range against the tier is shared/finance/rules.ts.

/** The tier: absent, not a number or unknown is 1113. */
const productId = () =>
  z.unknown().transform((value, ctx) => {
    const raw = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) {
      ctx.addIssue({ code: "custom", message: "1113" });
      return z.NEVER;
    }
    return Number(raw);
  });

/** A transfer-in amount: blank is 1114, not an amount 1050, zero 1042. */
const transferAmountCents = () =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: "1114" });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null) ctx.addIssue({ code: "custom", message: "1050" });
    else if (cents === 0) ctx.addIssue({ code: "custom", message: "1042" });
    else return cents;
    return z.NEVER;
  });

export const transferInForm = z.object({
  product_id: productId(),
  money: transferAmountCents(),
  pwd: z.string({ error: "2057" }).trim().min(1, "2057").max(64, "1033"),
  request_id: text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "1001")
    .optional(),
});

const page = () => integerId().pipe(z.number().max(10_000, "1001")).optional().default(1);

export const ordersForm = z.object({ page: page(), ...cursorFields });

export const operatorOrdersForm = z.object({
  status: z.enum(["active", "matured", "all"], { error: "1001" }).optional().default("all"),
  userId: integerId().optional(),
  page: page(),
  ...cursorFields,
});

/** Whole money (cents allowed) for an operator's tier bound; "" or absent max = no upper bound. */
const boundCents = (optional: boolean) =>
  z.unknown().transform((value, ctx) => {
    if (optional && (value === undefined || value === null || value === "")) return null;
    const cents = parseMoneyToCents(value);
    if (cents === null || cents === 0) {
      ctx.addIssue({ code: "custom", message: "1050" });
      return z.NEVER;
    }
    return cents;
  });

/** Every operator bound of a tier: above zero, at most 100,000,000.00. */
export const TIER_BOUND_MAX_CENTS = 10_000_000_000;
/** A tier's daily rate in parts per million: 1 (0.0001 %) to 100,000 (10 % a day). */
export const TIER_RATE_MAX_PPM = 100_000;
export const TIER_DAYS_MAX = 3_650;

/** The open-ended tier's ceiling: money above zero, at most 100,000,000. */
export const openTierMaxForm = z.object({ max: boundCents(false).pipe(z.number().max(TIER_BOUND_MAX_CENTS, "1050")) });

/** An operator's tier edit: rate in ppm (1 to 100,000 = 10 % a day), 1 to 3,650 days, least not above most (1115). */
export const tierForm = z
  .object({
    id: integerId(),
    rate_ppm: integerId().pipe(z.number().max(TIER_RATE_MAX_PPM, "1001")),
    min: boundCents(false).pipe(z.number().max(TIER_BOUND_MAX_CENTS, "1050")),
    max: boundCents(true).pipe(z.number().max(TIER_BOUND_MAX_CENTS, "1050").nullable()),
    days: integerId().pipe(z.number().max(TIER_DAYS_MAX, "1001")),
  })
  .refine((f) => f.max === null || (f.min as number) <= f.max, "1115");
