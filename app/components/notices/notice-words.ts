import type { TFunction } from "i18next";
import { formatDecimal } from "~/lib/number-format";
import { playerNoteText } from "~/lib/request-notes";
import { reasonRequestRef, requestRef } from "#shared/request-ref";
import type { Notice } from "#shared/answers/notices";

/** A notice's title and sentence in the reader's language, from its kind and parameters (never stored text). */
export function noticeWords(t: TFunction, notice: Notice, currency: string): { title: string; body: string } {
  const p = notice.params;
  const money = (value: string | number | null | undefined) => `${formatDecimal(Number(value ?? 0), 2, 2)} ${currency}`;
  const base = `notices:kinds.${notice.kind}`;
  if (notice.kind === "limitInForce") {
    const words = {
      limit: t(`notices:limitNames.${p.kind}`),
      period: t(`common:protection.periods.${p.period}`),
      amount: money(p.amount),
    };
    return { title: t(`${base}.title`), body: t(p.amount === null ? `${base}.removed` : `${base}.body`, words) };
  }
  if (notice.kind === "balanceCredited" || notice.kind === "balanceDebited") {
    // the preset text the player also reads in the ledger (shared/adjustments.ts), in their language
    const words = t(`wallet:adjustmentTexts.${p.text}`, { defaultValue: String(p.text ?? "") });
    // with the adjustment's reference, as the ledger and the console write it (notices before it have none)
    const ref = reasonRequestRef("adjustment", p);
    const text = ref ? `${words} ${ref}` : words;
    return { title: t(`${base}.title`), body: t(`${base}.body`, { amount: money(p.amount), text }) };
  }
  const reason = playerNoteText((key) => t(key), typeof p.note === "string" ? p.note : "") || t("notices:noReason");
  // a deposit's or withdrawal's reference, as the ledger, the lists and the console write it
  const kind = notice.kind.startsWith("deposit")
    ? "deposit"
    : notice.kind.startsWith("withdrawal")
      ? "withdrawal"
      : null;
  const request = kind && typeof p.id === "number" ? requestRef(kind, p.id) : p.id;
  const words = {
    id: p.id ?? p.orderId,
    request,
    amount: money(p.amount),
    interest: money(p.interest),
    days: p.days,
    reason,
  };
  // a paid withdrawal with its payout reference (notices written before it have none)
  if (notice.kind === "withdrawalPaid" && typeof p.payoutRef === "string" && p.payoutRef)
    return { title: t(`${base}.title`), body: t(`${base}.bodyWithRef`, { ...words, ref: p.payoutRef }) };
  return { title: t(`${base}.title`), body: t(`${base}.body`, words) };
}
