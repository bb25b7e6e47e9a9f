import { sql, type SQL } from "drizzle-orm";
import finance from "../../locales/en/finance.json";
import en from "../../locales/en/wallet.json";
import common from "../../locales/en/common.json";
import { requestRef } from "#shared/request-ref";
import { interpolate } from "#shared/interpolate";
import type { AdjustmentText } from "#shared/adjustments";

/**
 * Why a balance moved, as the funds ledger shows it: a key of locales/{lng}/wallet.json "reasons" and its
 * parameters, rendered in the reader's language by the app (app/lib/ledger-reason.ts). `text` is the same
 * in English, stored beside them for the contract's `reason`, the operator's views and any client that
 * knows no keys. Rows written before the keys existed keep only their text, shown as it is.
 */
export type LedgerReason = { key: LedgerReasonKey; params: Record<string, string | number>; text: string };

export type LedgerReasonKey = keyof typeof en.reasons;

function reason(
  key: LedgerReasonKey,
  params: Record<string, string | number> = {},
  words: Record<string, string | number> = params,
): LedgerReason {
  return { key, params, text: interpolate(en.reasons[key], words) };
}

export const ledgerReasons = {
  /** a bet, its cancellation or its settlement: the game (by its title key) and the round */
  round: (room: { title: string; titleKey: string }, seqno: number) =>
    reason("round", { game: room.titleKey, title: room.title, seqno }, { game: room.title, seqno }),
  /**
   * A voided round's refund: the game and round as for a bet, and why it was voided (the room's VoidReason and,
   * for an operator's void, the preset reason's key only; their own words stay in the console).
   */
  roundVoid: (room: { title: string; titleKey: string }, seqno: number, why: string, preset: string | null) => {
    const whyText = en.voidWhy[why as keyof typeof en.voidWhy] ?? why;
    const presetText = preset ? (common.presets[preset as keyof typeof common.presets] ?? preset) : null;
    return reason(
      "roundVoid",
      { game: room.titleKey, title: room.title, seqno, why, ...(preset ? { preset } : {}) },
      {
        game: room.title,
        seqno,
        why: presetText ? interpolate(en.voidWhyPreset, { why: whyText, preset: presetText }) : whyText,
      },
    );
  },
  deposit: (depositId: number) => reason("deposit", { id: depositId }, { ref: requestRef("deposit", depositId) }),
  withdrawal: () => reason("withdrawal"),
  /** a withdrawal's hold as the funds ledger names it, by its request (worker/wallet/present.ts flowRow) */
  withdrawalOf: (withdrawalId: number) =>
    reason("withdrawalOf", { id: withdrawalId }, { ref: requestRef("withdrawal", withdrawalId) }),
  withdrawalRefund: (withdrawalId: number) =>
    reason("withdrawalRefund", { id: withdrawalId }, { ref: requestRef("withdrawal", withdrawalId) }),
  financeLockup: (product: { nameKey: string; days: number }) =>
    reason(
      "financeLockup",
      { product: product.nameKey, days: product.days },
      { product: finance.tiers[product.nameKey as keyof typeof finance.tiers] ?? product.nameKey, days: product.days },
    ),
  /**
   * An operator's credit or debit: the preset text the player reads (shared/adjustments.ts), worded in
   * the reader's language; the operator's note goes to ledger.operator_note, which only the console reads.
   */
  adjustment: (text: AdjustmentText) => reason("adjustment", { text }, { text: en.adjustmentTexts[text] }),
  /** the house's side of a player's balance leaving one wallet shard for another (worker/players/move.ts) */
  playerMoved: (id: number, from: number, to: number) => reason("playerMoved", { id, from, to }),
};

/**
 * Whether a ledger row is an operator's adjustment, by the statement's own rule (ledgerSummary in
 * worker/ledger/funds.ts): a debit, or a top-up that is not an approved deposit (key "deposit:<id>"). That
 * takes in operator credits written before 0008 (no reason key, the operator's words as text) and the
 * seeded opening balance, which would otherwise read as deposits.
 */
export function isAdjustmentRow(row: { type: string; idempotencyKey: string }): boolean {
  return row.type === "debit" || (row.type === "topup" && !row.idempotencyKey.startsWith("deposit:"));
}

/**
 * What a ledger row shows as its kind: an operator's credit or debit is an adjustment, not a top-up or
 * a deduction, whatever its direction (the statement counts it under "adjustments" too).
 */
export function ledgerKind(row: { type: string; idempotencyKey: string }): string {
  return isAdjustmentRow(row) ? "adjustment" : row.type;
}

/** The columns a ledger INSERT writes for a reason (text, key, params as JSON). */
export function reasonValues(r: LedgerReason): { text: string; key: string; params: string } {
  return { text: r.text, key: r.key, params: JSON.stringify(r.params) };
}

/**
 * Finance interest and principal are written by one set-based statement for many orders, so their
 * reasons are SQL expressions over the row (p.order_id, p.k, p.days), in the same three columns.
 */
export function financeReasonSql(kind: "interest" | "principal"): { text: SQL; key: string; params: SQL } {
  if (kind === "interest") {
    return {
      text: sql`'Finance order #' || p.order_id || ' · day ' || p.k || ' of ' || p.days`,
      key: "financeInterest",
      params: sql`json_object('order', p.order_id, 'day', p.k, 'days', p.days)`,
    };
  }
  return {
    text: sql`'Finance order #' || p.order_id || ' · principal returned'`,
    key: "financePrincipal",
    params: sql`json_object('order', p.order_id)`,
  };
}
