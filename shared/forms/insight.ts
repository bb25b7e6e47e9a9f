import * as z from "zod";
import { integerId, text } from "../fields";
import { parseDate } from "../days";
import { page } from "./wallet";

// The console's insight forms: messages are catalogue codes, as everywhere (shared/fields.ts).

export const chartsForm = z.object({
  days: z
    .union([z.number(), z.string()], { error: "1001" })
    .optional()
    .transform((v) => (v === undefined || v === "" ? 30 : Number(v)))
    .pipe(z.union([z.literal(30), z.literal(90)], { error: "1001" })),
  // absent or empty: every room
  roomId: z
    .union([z.literal(""), integerId()])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
});

const date = () => text().refine((v) => parseDate(v) !== null, "1001");

export const EXPORT_KINDS = ["ledger", "deposits", "withdrawals", "adjustments", "audit"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** The longest range one export covers, in days. */
const EXPORT_MAX_DAYS = 366;

export const exportForm = z
  .object({ kind: z.enum(EXPORT_KINDS, { error: "1001" }), from: date(), to: date() })
  .transform((f) => ({ kind: f.kind, fromMs: parseDate(f.from)!, toMs: parseDate(f.to)!, from: f.from, to: f.to }))
  .refine((f) => f.fromMs <= f.toMs && f.toMs - f.fromMs < EXPORT_MAX_DAYS * 86_400_000, "1001");

const RISK_INTERACTION_KINDS = ["note", "message", "limit"] as const;

export const riskInteractionForm = z.object({
  userId: integerId(),
  kind: z.enum(RISK_INTERACTION_KINDS, { error: "1001" }),
  text: text().min(1, "1001").max(1000, "1001"),
});

/** The books per day: a page of fourteen days, newest first. */
export const booksDaysForm = z.object({ page: page() });

/** The books per day as CSV: a range of days, both included, at most EXPORT_MAX_DAYS. */
export const booksExportForm = z
  .object({ from: date(), to: date() })
  .refine((f) => f.from <= f.to && parseDate(f.to)! - parseDate(f.from)! < EXPORT_MAX_DAYS * 86_400_000, "1001");
