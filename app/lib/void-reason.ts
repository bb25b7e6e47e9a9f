import type { RoundResult } from "#shared/rounds";
import type { Translate } from "./game-labels";
import { VOID_PRESETS } from "#shared/request-reasons";

/**
 * Why a round was void, in the reader's language: the kind of void and, for an operator's void, the preset
 * reason they chose ("… every stake was refunded. Reason: Wrong odds."); their own words never reach players.
 */
export function voidReasonText(t: Translate, round: Pick<RoundResult, "voidReason" | "voidPreset">): string | null {
  if (!round.voidReason) return null;
  const why = t(`game:result.voidReasons.${round.voidReason}`);
  const preset =
    round.voidPreset && (VOID_PRESETS as readonly string[]).includes(round.voidPreset) ? round.voidPreset : null;
  return preset ? `${why} ${t("game:result.voidPreset", { reason: t(`common:presets.${preset}`) })}` : why;
}
