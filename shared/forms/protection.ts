import * as z from "zod";
import { amountCents, required } from "./wallet";
import { EXCLUSION_PERIODS, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES } from "../protection/rules";

// The forms of the protection contract (docs/architecture.md#the-contract); each message is the catalogue code of the broken rule.

/** setlimit: money 0 removes the limit (after 24 h, like a raise). */
export const setLimitForm = z.object({
  kind: z.enum(LIMIT_KINDS, { error: "1001" }),
  period: z.enum(LIMIT_PERIODS, { error: "1001" }),
  money: amountCents().transform((cents) => (cents === 0 ? null : cents)),
});

export const selfExcludeForm = z.object({
  period: z.enum(EXCLUSION_PERIODS, { error: "1001" }),
  pwd: required("2057"),
});

export const realityCheckForm = z.object({
  minutes: z.coerce
    .number({ error: "1001" })
    .refine((minutes) => (REALITY_CHECK_MINUTES as readonly number[]).includes(minutes), "1001"),
});
