// What a player reads for an operator's credit or debit (docs/decisions/143-adjustment-texts-and-coin-networks.md):
// the operator picks one of these preset texts, stored as its key and worded in the reader's language
// when read (locales/*/wallet.json "adjustmentTexts"); the operator's own note stays in the console.

/** Each preset text and the sign of amount it fits. */
export const ADJUSTMENT_TEXTS = {
  bonus: "credit",
  promotion: "credit",
  compensation: "credit",
  correction: "either",
  bonusReversal: "debit",
} as const;

export type AdjustmentText = keyof typeof ADJUSTMENT_TEXTS;

/** Whether a text fits an amount of this sign (a bonus is never taken, a reversal never given). */
export function textFitsAmount(text: AdjustmentText, amountCents: number): boolean {
  const fits = ADJUSTMENT_TEXTS[text];
  return fits === "either" || (fits === "credit") === amountCents > 0;
}

/**
 * The same amount to the same player within this window (credited alone or asked of a second operator)
 * asks the operator to confirm it is meant again: a double tap, or two operators answering one ticket.
 */
export const REPEAT_WINDOW_MS = 15 * 60 * 1000;
