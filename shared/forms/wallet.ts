import * as z from "zod";
import { integerId, text } from "../fields";
import { parseMoneyToCents } from "../money";
import { DAY_MS, FLOW_PERIODS, parseDate } from "../days";
import { cursorFields } from "../fields";
import { ADJUSTMENT_TEXTS, textFitsAmount, type AdjustmentText } from "../adjustments";
import { COIN_NETWORKS, networkOfShape } from "../coin-address";
import { isRejectPresetOf, splitNote } from "../request-reasons";

// One schema per wallet form (docs/product.md#input-rules); each message is the catalogue code of the broken rule,
// and the first failing field (in the order below) decides the answer.

const BANK_TYPE = "Bank";
const COIN_TYPES = Object.keys(COIN_NETWORKS) as (keyof typeof COIN_NETWORKS)[];
export const ACCOUNT_TYPES = [BANK_TYPE, ...COIN_TYPES] as const;
export const PAGE_SIZE = 20;

/** An amount typed by the player: digits and one decimal point, at most two decimals (1050 otherwise; blank 1114). */
export const amountCents = () =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      ctx.addIssue({ code: "custom", message: "1114" });
      return z.NEVER;
    }
    const cents = parseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "1050" });
      return z.NEVER;
    }
    return cents;
  });

/** An operator's signed amount: "50" credits, "-50" debits; 0 is not a movement. */
const signedAmountCents = () =>
  z.unknown().transform((value, ctx) => {
    const raw = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
    const match = typeof raw === "string" ? /^\s*([+-]?)(.*)$/.exec(raw) : null;
    const cents = match ? parseMoneyToCents(match[2]) : null;
    if (!match || cents === null || cents === 0) {
      ctx.addIssue({ code: "custom", message: "1050" });
      return z.NEVER;
    }
    return match[1] === "-" ? -cents : cents;
  });

/** The form's random key against double submits (docs/decisions/022-wallet-idempotency.md). */
export const requestId = () =>
  text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "1001")
    .optional();

export const page = () => integerId().pipe(z.number().max(10_000, "1001")).optional().default(1);

/** A field the player must fill: absent, not text or blank is `code`. */
export const required = (code: string, max = 64, tooLong = "1001") =>
  z.string({ error: code }).trim().min(1, code).max(max, tooLong);

/** The transfer reference as on the player's statement: letters, digits, spaces and - / . _ # (1185). */
const TRANSFER_REF = /^[\p{L}\p{N}][\p{L}\p{N} ./_#-]{2,39}$/u;

export const rechargeForm = z.object({
  money: amountCents(),
  pay_name: required("1071"),
  // which listed deposit account was paid into (its account number or address) and the transfer
  // reference: required when the site lists accounts (worker/wallet/deposits.ts, docs/decisions/140)
  payee: text().trim().max(128, "1183").optional().default(""),
  pay_ref: text()
    .trim()
    .optional()
    .default("")
    .refine((ref) => ref === "" || TRANSFER_REF.test(ref), "1185"),
  request_id: requestId(),
});

/**
 * One term of the coin figure a withdrawal screen showed: a coin, or a rate or fee as the settings write it. Never
 * stored, only compared: terms other than the approved ones are refused by the Worker (1260), whatever they hold.
 */
const shownTerm = () => text().optional();

export const withdrawForm = z.object({
  bank_id: z.unknown().transform((value, ctx) => {
    const raw = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : value;
    if (raw === undefined || raw === null || raw === "") ctx.addIssue({ code: "custom", message: "2058" });
    else if (typeof raw !== "string" || !/^\d{1,15}$/.test(raw) || Number(raw) === 0)
      ctx.addIssue({ code: "custom", message: "1032" });
    else return Number(raw);
    return z.NEVER;
  }),
  pwd: required("2057"),
  money: amountCents().refine((cents) => cents > 0, "1042"),
  request_id: requestId(),
  // the coin figure the screen showed (its coin, rate and fee: shared/payouts.ts coinTermsOf); a client that shows
  // none, as the legacy one, sends none (docs/decisions/189)
  quote_coin: shownTerm(),
  quote_rate: shownTerm(),
  quote_fee: shownTerm(),
});

const accountType = z
  .string({ error: "1086" })
  .trim()
  .transform((t) => ACCOUNT_TYPES.find((known) => known.toLowerCase() === t.toLowerCase()))
  .refine((t) => t !== undefined, "1086")
  .transform((t) => t!);

const bankCardForm = z.object({
  type: z.literal(BANK_TYPE),
  bank: required("1082"),
  // Spaces and dashes are how people copy account numbers; the stored form has neither.
  account: required("1083")
    .regex(/^[A-Za-z0-9 -]+$/, "1083")
    .transform((a) => a.replace(/[ -]/g, "").toUpperCase())
    .refine((a) => a.length >= 4 && a.length <= 34, "1083"),
  username: required("1084"),
  area: required("1085"),
  payPwd: required("2057"),
});

const coinAddressForm = z
  .object({
    type: z.enum(COIN_TYPES),
    // USDT travels on more than one network (absent = the one its address's shape names); BTC and ETH on their own.
    network: z.string({ error: "1195" }).trim().toUpperCase().optional(),
    // Case matters in base58 addresses and in EIP-55 checksums: kept exactly as entered.
    address: required("1065", 128, "1162").regex(/^[A-Za-z0-9]{10,128}$/, "1162"),
    payPwd: required("2057"),
  })
  .transform((form, ctx) => {
    const networks: readonly string[] = COIN_NETWORKS[form.type];
    const network = form.network || (networks.length === 1 ? networks[0] : (networkOfShape(form.address) ?? ""));
    if (!networks.includes(network)) {
      ctx.addIssue({ code: "custom", message: "1195", path: ["network"] });
      return z.NEVER;
    }
    return { ...form, network: network as (typeof COIN_NETWORKS)[typeof form.type][number] };
  });

/** addbankcard: a Bank account or a coin address, chosen by `type`. */
export const addBankCardForm = z
  .looseObject({ type: accountType })
  .pipe(z.discriminatedUnion("type", [bankCardForm, coinAddressForm]));

export const deleteBankCardForm = z.object({ id: integerId() });

/** A YYYY-MM-DD date of the player's calendar as the ms its day starts; "" or absent is no date. */
const flowDate = () =>
  text()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const ms = parseDate(value);
      if (ms === null) ctx.addIssue({ code: "custom", message: "1001" });
      return ms;
    });

const period = z.enum(FLOW_PERIODS, { error: "1001" });

export const financeFlowForm = z
  .object({
    type: z
      .union([z.literal(""), period])
      .optional()
      .transform((t) => t || "all"),
    start: flowDate(),
    end: flowDate(),
    page: page(),
    ...cursorFields,
  })
  .superRefine((form, ctx) => {
    if ((form.start === null) !== (form.end === null)) ctx.addIssue({ code: "custom", message: "1001" });
    if (form.start !== null && form.end !== null && form.start > form.end)
      ctx.addIssue({ code: "custom", message: "1072" });
  });

export const pageForm = z.object({ page: page(), ...cursorFields });

const requestStatus = z.enum(["pending", "approved", "rejected", "decided", "all"], { error: "1001" });

/** An amount bound of a filter: "" or absent is none, otherwise an amount as the player types it (1050). */
const optionalAmountCents = () =>
  z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      const cents = parseMoneyToCents(value);
      if (cents === null) ctx.addIssue({ code: "custom", message: "1050" });
      return cents;
    })
    .optional()
    .transform((cents) => cents ?? null);

/** Dates and amounts of a console filter: each end optional, the first not after the second (1072, 1115). */
export function checkRanges(
  form: { from: number | null; to: number | null; min: number | null; max: number | null },
  ctx: z.RefinementCtx,
) {
  if (form.from !== null && form.to !== null && form.from > form.to)
    ctx.addIssue({ code: "custom", message: "1072", path: ["to"] });
  if (form.min !== null && form.max !== null && form.min > form.max)
    ctx.addIssue({ code: "custom", message: "1115", path: ["max"] });
}

/** A console filter as a query: player by name, days of the product's calendar (both ends included), amounts. */
export function filterQuery(form: {
  player: string;
  from: number | null;
  to: number | null;
  min: number | null;
  max: number | null;
}) {
  return {
    username: form.player || undefined,
    fromMs: form.from ?? undefined,
    toMs: form.to === null ? undefined : form.to + DAY_MS,
    minCents: form.min ?? undefined,
    maxCents: form.max ?? undefined,
  };
}

/** The operator's lists of requests: the queues, and the history with its filters (docs/decisions/140). */
/** The filters every history list shares (player, UTC+8 days, amount range, paging); `checkRanges` checks them. */
export const historyFilterFields = {
  player: text().max(64, "1001").optional().default(""),
  from: flowDate(),
  to: flowDate(),
  min: optionalAmountCents(),
  max: optionalAmountCents(),
  page: page(),
  ...cursorFields,
};

export const requestListForm = z
  .object({
    status: requestStatus.optional().default("pending"),
    userId: integerId().optional(),
    ...historyFilterFields,
  })
  .superRefine(checkRanges);

export const decisionForm = z.object({
  id: integerId(),
  note: text().max(200, "1001").optional().default(""),
});

/**
 * Approving a withdrawal says the money was sent: with the bank transfer's id or the transaction hash the
 * player finds it by (docs/decisions/151), 4 to 128 characters, 1204 otherwise, for every client alike.
 */
export const withdrawalApprovalForm = decisionForm.extend({
  payout_ref: z.string({ error: "1204" }).trim().min(4, "1204").max(128, "1204"),
});

/**
 * A rejection starts with a preset reason of its kind of request ("#noPayment" for a deposit,
 * "#accountInvalid" for a withdrawal: the words the player reads), 1200 otherwise.
 */
export const rejectionForm = (kind: "deposit" | "withdrawal") =>
  decisionForm.refine((form) => isRejectPresetOf(kind, splitNote(form.note).key), {
    message: "1200",
    path: ["note"],
  });

/** An operator's credit or debit: the amount, the text the player reads (fitting its sign), the internal note. */
export const adjustForm = z
  .object({
    userId: integerId(),
    money: signedAmountCents(),
    text: z.enum(Object.keys(ADJUSTMENT_TEXTS) as [AdjustmentText, ...AdjustmentText[]], { error: "1198" }),
    reason: required("1087", 200),
    request_id: requestId(),
  })
  .refine((form) => textFitsAmount(form.text, form.money), { message: "1199", path: ["text"] });
