import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type ActiveExclusion, type ProtectedAction, activeExclusion, refusalOf } from "../db/protection";
import { formatDate } from "../wallet/days";
import { isTimeOut } from "./rules";

// Catalogue codes of player protection (locales/*/errors.json), docs/product.md#player-protection.
const LIMIT_CODES = { deposit: 3001, loss: 3002, stake: 3003 } as const;
const TIME_OUT_CODE = 3004;
const EXCLUDED_CODE = 3005;
const EXCLUDED_FOREVER_CODE = 3006;
export const AGE_CONFIRMATION_CODE = 3007;

/** num = the end in words (the message's placeholder), until = the end in epoch ms (null = never). */
export type RefusalDetails = { num?: string; until?: number | null };
export type ProtectionRefusal = { errCode: number; extra: RefusalDetails };

/** An instant as the player's calendar shows it: date and time in UTC+8, the zone named. */
function formatEndTime(ms: number): string {
  const time = new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
  return `${formatDate(ms)} ${time} (UTC+8)`;
}

/** The refusal of a running exclusion: the code says time-out or self-exclusion, num the end. */
export function exclusionRefusal(exclusion: ActiveExclusion): ProtectionRefusal {
  if (exclusion.endAtMs === null) return { errCode: EXCLUDED_FOREVER_CODE, extra: { until: null } };
  const errCode = isTimeOut(exclusion.period) ? TIME_OUT_CODE : EXCLUDED_CODE;
  return { errCode, extra: { num: formatEndTime(exclusion.endAtMs), until: exclusion.endAtMs } };
}

/** Why a guarded batch wrote nothing; the stake limit when the cause is gone by now. */
export async function explainRefusal(db: Db, action: ProtectedAction): Promise<ProtectionRefusal> {
  const refusal = await refusalOf(db, action);
  await recordRefusal(db, action, refusal ?? "stake");
  if (refusal === "excluded") {
    const exclusion = await activeExclusion(db, action.userId, action.nowMs);
    if (exclusion) return exclusionRefusal(exclusion);
  }
  const kind = refusal === null || refusal === "excluded" ? "stake" : refusal;
  return { errCode: LIMIT_CODES[kind], extra: {} };
}

/**
 * Kept for the markers of harm (worker/insight/risk.ts: repeated refusals, deposits after a loss limit):
 * the refused batch wrote nothing, so this row is the only trace of the attempt. Written after the
 * refusal is decided; losing it never changes the player's answer.
 */
async function recordRefusal(db: Db, action: { userId: number; nowMs: number }, kind: string) {
  try {
    await db.run(sql`INSERT INTO protection_refusals (user_id, kind, created_at_ms) VALUES (${action.userId}, ${kind}, ${action.nowMs})`);
  } catch (error) {
    console.error(JSON.stringify({ protection: "refusal not recorded", userId: action.userId, error: String(error) }));
  }
}
