import type { Translate } from "./game-labels";
import { reasonRequestRef } from "#shared/request-ref";
import type { FlowRow } from "#shared/answers/wallet";

/**
 * A funds-ledger row's reason in the reader's language, from its key and parameters
 * (worker/ledger/reasons.ts). A game, a finance tier or an adjustment's text comes as its key and
 * is named in that language too; a row with no key (written before keys existed, or from a backend that sends only
 * text) or an unknown key shows its stored words.
 */
export function ledgerReasonText(t: Translate, row: Pick<FlowRow, "reason" | "reasonKey" | "reasonParams">): string {
  if (!row.reasonKey) return row.reason;
  const params: Record<string, unknown> = { ...row.reasonParams };
  if (typeof params.game === "string")
    params.game = params.game
      ? t(`game:games.${params.game}`, { defaultValue: params.title ?? params.game })
      : params.title;
  if (typeof params.product === "string")
    params.product = t(`finance:tiers.${params.product}`, { defaultValue: params.product });
  // an operator's adjustment: the preset text it was given (shared/adjustments.ts)
  if (row.reasonKey === "adjustment" && typeof params.text === "string")
    params.text = t(`wallet:adjustmentTexts.${params.text}`, { defaultValue: row.reason });
  // a request's reference, as every screen writes it (rows keep the request's id)
  const ref = reasonRequestRef(row.reasonKey, params);
  if (ref) params.ref = ref;
  // a voided round's refund: why it was voided, with an operator's preset reason beside it
  if (row.reasonKey === "roundVoid" && typeof params.why === "string") {
    const why = t(`wallet:voidWhy.${params.why}`, { defaultValue: params.why });
    params.why =
      typeof params.preset === "string"
        ? t("wallet:voidWhyPreset", {
            why,
            preset: t(`common:presets.${params.preset}`, { defaultValue: params.preset }),
          })
        : why;
  }
  // an adjustment with its reference (rows name it since docs/decisions/195): "Bonus A1-0002"
  const key = row.reasonKey === "adjustment" && ref ? "adjustmentOf" : row.reasonKey;
  return t(`wallet:reasons.${key}`, { ...params, defaultValue: row.reason });
}
