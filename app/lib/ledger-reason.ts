import type { Translate } from "./game-labels";
import type { FlowRow } from "./wallet-types";

/**
 * A funds-ledger row's reason in the reader's language, from its key and parameters
 * (worker/db/ledger-reasons.ts). A game or a finance tier comes as its key and is named in that
 * language too; a row with no key (written before keys existed, or from a backend that sends only
 * text) or an unknown key shows its stored words.
 */
export function ledgerReasonText(t: Translate, row: Pick<FlowRow, "reason" | "reasonKey" | "reasonParams">): string {
  if (!row.reasonKey) return row.reason;
  const params: Record<string, unknown> = { ...row.reasonParams };
  if (typeof params.game === "string") params.game = params.game ? t(`game:games.${params.game}`, { defaultValue: params.title ?? params.game }) : params.title;
  if (typeof params.product === "string") params.product = t(`finance:tiers.${params.product}`, { defaultValue: params.product });
  return t(`wallet:reasons.${row.reasonKey}`, { ...params, defaultValue: row.reason });
}
