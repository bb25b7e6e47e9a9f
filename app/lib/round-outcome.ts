import { formatMoney } from "./game";
import type { Translate } from "./game-labels";

/** What the last drawn round paid the player, and what they staked on it (null: a backend that does not say). */
export type LastRoundPaid = { seqno: number | string; award: number; stake: number | null };

/**
 * The sentence under the latest result, true to the player's money: a payout is a win only when it is more
 * than the stake. 97.50 paid on 100.00 staked is a loss of 2.50, said so; without the stake the payout is
 * named as paid, never as won. Null when the round paid nothing.
 */
export function roundOutcomeText(t: Translate, last: LastRoundPaid): string | null {
  const kind = roundOutcomeKind(last);
  return kind === null ? null : sentence(t, last, kind);
}

/** Won (more back than staked), lost (less), even, or only paid (stake unknown); null when nothing was paid. */
export function roundOutcomeKind(last: LastRoundPaid): "won" | "lost" | "even" | "paid" | null {
  if (!(last.award > 0)) return null;
  if (last.stake === null) return "paid";
  const netCents = Math.round(last.award * 100) - Math.round(last.stake * 100);
  return netCents > 0 ? "won" : netCents < 0 ? "lost" : "even";
}

function sentence(t: Translate, last: LastRoundPaid, kind: "won" | "lost" | "even" | "paid"): string {
  const award = formatMoney(last.award);
  if (kind === "paid" || last.stake === null) return t("game:round.outcome.paid", { seqno: last.seqno, award });
  const netCents = Math.round(last.award * 100) - Math.round(last.stake * 100);
  const values = { seqno: last.seqno, award, stake: formatMoney(last.stake) };
  if (kind === "won") return t("game:round.outcome.won", { ...values, net: formatMoney(netCents / 100) });
  if (kind === "even") return t("game:round.outcome.even", values);
  return t("game:round.outcome.lost", { ...values, loss: formatMoney(-netCents / 100) });
}
