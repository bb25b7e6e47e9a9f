import * as z from "zod";
import { integerId, text } from "../fields";
import { checkRanges, historyFilterFields, page } from "./wallet";
import { cursorFields } from "../fields";
import { CURRENCY_TABS, ROOM_KINDS } from "../rooms";

// Operator API bodies (docs/product.md#operators); messages are catalogue codes, as in shared/forms/wallet.ts.
export const operatorLoginForm = z.object({
  username: text().min(1, "1010").max(64, "1010"),
  password: z.string({ error: "1011" }).min(1, "1011").max(128, "1003"),
  code: text().max(32, "1170").optional().default(""),
});

/** An operator's own password (docs/decisions/060): 12 to 128 characters with a letter and a digit (1235). */
const operatorPassword = () =>
  z.string({ error: "1235" }).min(12, "1235").max(128, "1235").regex(/\p{L}/u, "1235").regex(/\d/, "1235");

/**
 * Enrolment: the name and the enrolment code handed over (a missing or wrong code is 1250, whatever else is
 * sent); confirming adds the operator's own password and a code of the new secret (a wrong one is 1253).
 */
export const enrolStartForm = z.object({
  username: text().min(1, "1010").max(64, "1010"),
  enrolCode: text().max(64, "1250").optional().default(""),
});
export const enrolConfirmForm = enrolStartForm.extend({
  password: operatorPassword(),
  code: text().max(32, "1253").optional().default(""),
});

/** The operator's own new password in the console: the current one, then the new one. */
export const ownPasswordForm = z.object({
  password: z.string({ error: "1011" }).min(1, "1011").max(128, "1170"),
  newPassword: operatorPassword(),
});

export const playerSearchForm = z.object({
  query: text().max(64, "1001").optional().default(""),
  page: page(),
  ...cursorFields,
});

export const playerIdForm = z.object({ userId: integerId() });

export const adjustmentDecisionForm = z.object({ id: integerId() });

export const auditForm = z.object({
  operator: text().max(64, "1001").optional(),
  action: text().max(64, "1001").optional(),
  target: text().max(64, "1001").optional(),
  // a player's trail: rows about them (user:<id>) and their requests (deposits, withdrawals)
  userId: integerId().optional(),
  // days in UTC+8 (as the totals), both ends included
  from: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "1001")
    .optional(),
  to: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "1001")
    .optional(),
  page: page(),
  ...cursorFields,
});

export const roomPageForm = z.object({ page: page() });
/** The console's rooms list: a page, narrowed by game, currency tab (1-3) and kind, each optional ("" = any). */
export const roomListForm = z.object({
  page: page(),
  gameId: z
    .union([z.literal(""), integerId()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  roomtype: z
    .union([z.literal(""), integerId().pipe(z.number().max(CURRENCY_TABS.length, "1001"))])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  kind: z
    .union([z.literal(""), z.enum(ROOM_KINDS, { error: "1001" })])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});
export const roomIdForm = z.object({ id: integerId() });
export const roundsForm = z.object({ roomId: integerId(), page: page(), ...cursorFields });
export const roomTemplateForm = z.object({ gameId: integerId(), optionCount: integerId().optional() });
/** The reason is mandatory: it stays with the round in the console and in the audit log. */
export const voidRoundForm = z.object({
  roundId: integerId(),
  reason: z.string({ error: "1151" }).trim().min(3, "1151").max(200, "1151"),
});

/**
 * What an adjustment in the history can be: made by one operator alone, queued and still waiting for a second
 * operator, or queued and then decided or withdrawn.
 */
export const ADJUSTMENT_STATES = ["done", "pending", "approved", "rejected", "cancelled"] as const;

/** The console's history of adjustments (worker/wallet/adjustment-history.ts). */
export const adjustmentHistoryForm = z
  .object({
    status: z
      .enum(["all", ...ADJUSTMENT_STATES], { error: "1001" })
      .optional()
      .default("all"),
    ...historyFilterFields,
  })
  .superRefine(checkRanges);
