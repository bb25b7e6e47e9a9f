import * as z from "zod";
import { text } from "../fields";
import { isOperatorLink } from "../operators/links";
import { LEVEL_KEYS } from "../players/levels";
import { parseMoneyToCents } from "../money";
import { PAYOUT_COINS, validCoinPayout } from "../payouts";
import type { Coin } from "../coin-address";

// The operator's settings form (docs/product.md#operators): every value checked, a bad one refused with its own code.
const MAX_PAYEES = 5;
export const MAX_INVITATION_CODES = 50;
export const MAX_CAP_CENTS = 10_000_000_00;
export const MIN_CAP_CENTS = 100;
/** "" (none) or an operator link (shared/operators/links.ts): a support chat, an app store page or a path in the app. */
const link = () =>
  text()
    .max(500, "1140")
    .refine((v) => v === "" || isOperatorLink(v), "1140");

const moneyCents = (code: string) =>
  z.unknown().transform((value, ctx) => {
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return cents;
  });

const payee = z.object({
  type: z.enum(["bank", "wallet"], { error: "1145" }),
  name: z.string({ error: "1145" }).trim().min(1, "1145").max(64, "1145"),
  holder: z.string({ error: "1145" }).trim().min(1, "1145").max(64, "1145"),
  account: z.string({ error: "1145" }).trim().min(4, "1145").max(128, "1145"),
});

export const settingsForm = z.object({
  kefu_url: link().optional(),
  android_url: link().optional(),
  ios_url: link().optional(),
  currency_label: z.enum(["USD", "RM"], { error: "1141" }).optional(),
  vip_thresholds: z
    .array(moneyCents("1142"), { error: "1142" })
    .length(LEVEL_KEYS.length, "1142")
    .refine((t) => t[0] === 0 && t.every((v, i) => i === 0 || v > t[i - 1]), "1142")
    .optional(),
  withdraw_daily_cap: moneyCents("1143")
    .pipe(z.number().min(MIN_CAP_CENTS, "1143").max(MAX_CAP_CENTS, "1143"))
    .optional(),
  deposit_mode: z.enum(["request", "contact"], { error: "1144" }).optional(),
  payees: z.array(payee, { error: "1145" }).max(MAX_PAYEES, "1145").optional(),
  // per payout coin, its rate (coins for one unit of money) and network fee (coins): shared/payouts.ts
  coin_payouts: z
    .partialRecord(
      z.enum(PAYOUT_COINS as [Coin, ...Coin[]], { error: "1203" }),
      z.object({ rate: z.string({ error: "1203" }).trim(), fee: z.string({ error: "1203" }).trim() }),
      { error: "1203" },
    )
    .refine((coins) => Object.values(coins).every((p) => p && validCoinPayout(p)), "1203")
    .optional(),
  invitations: z
    .array(
      z
        .string({ error: "1146" })
        .trim()
        .regex(/^[A-Za-z0-9]{3,32}$/, "1146"),
      { error: "1146" },
    )
    .min(1, "1146")
    .max(MAX_INVITATION_CODES, "1146")
    .refine((codes) => new Set(codes).size === codes.length, "1146")
    .optional(),
});
