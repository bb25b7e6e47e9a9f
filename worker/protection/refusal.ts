import type { WalletDb } from "../db/client";
import { ProductError } from "#shared/product-error";
import { type ActiveExclusion, type ProtectedAction, activeExclusion, headroomOf, refusalOf } from "./queries";
import { toMoney } from "#shared/money";
import { zonedTime } from "#shared/days";
import { type LimitKind, PERIOD_MS, isTimeOut } from "#shared/protection/rules";
import { protectionRefusals } from "../db/schema";

// Catalogue codes of player protection (locales/*/errors.json), docs/product.md#player-protection.
const LIMIT_CODES = { deposit: 3001, loss: 3002, stake: 3003 } as const;
const TIME_OUT_CODE = 3004;
const EXCLUDED_CODE = 3005;
const EXCLUDED_FOREVER_CODE = 3006;

/**
 * num = the end in words, or what is left of a limit (the message's placeholder); until = the end in
 * epoch ms (null = never); a limit's refusal also says its period, what is left and when more is free.
 */
export type RefusalDetails = {
  num?: string;
  until?: number | null;
  at?: string;
  period?: string;
  left?: number;
  resetsAt?: number | null;
};
export type ProtectionRefusal = { errCode: number; extra: RefusalDetails };

/** Cents as the screens write money: 1,234.56 (the message's figure; the currency is beside the field). */
function formatMoneyText(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** An instant as the player's calendar shows it, the zone named as every screen names it. */
const formatEndTime = zonedTime;

/** The refusal of a running exclusion: the code says time-out or self-exclusion, num the end. */
function exclusionRefusal(exclusion: ActiveExclusion): ProtectionRefusal {
  if (exclusion.endAtMs === null) return { errCode: EXCLUDED_FOREVER_CODE, extra: { until: null } };
  const errCode = isTimeOut(exclusion.period) ? TIME_OUT_CODE : EXCLUDED_CODE;
  return { errCode, extra: { num: formatEndTime(exclusion.endAtMs), until: exclusion.endAtMs } };
}

/**
 * The restriction of a player whose time-out or self-exclusion runs (docs/decisions/142): they may sign
 * in to withdraw, read their records and reach support, never play, deposit or lock funds. Null when
 * nothing runs. The batches that play, deposit or lock decide it again inside themselves.
 */
export async function restrictionOf(
  db: WalletDb,
  userId: number,
  nowMs: number,
): Promise<(ProtectionRefusal & { period: string }) | null> {
  const exclusion = await activeExclusion(db, userId, nowMs);
  return exclusion ? { ...exclusionRefusal(exclusion), period: exclusion.period } : null;
}

/**
 * Throws the restriction's refusal (3004-3006 with the end) while a time-out or self-exclusion runs;
 * a refused deposit or lock-up is kept for the markers of harm like one the batch refused.
 */
export async function refuseWhileRestricted(db: WalletDb, userId: number, nowMs: number, record = true) {
  const restriction = await restrictionOf(db, userId, nowMs);
  if (!restriction) return;
  if (record) await recordRefusal(db, { userId, nowMs }, "excluded");
  throw new ProductError(restriction.errCode, restriction.extra);
}

/** Why a guarded batch wrote nothing; the stake limit when the cause is gone by now. */
export async function explainRefusal(db: WalletDb, action: ProtectedAction): Promise<ProtectionRefusal> {
  const refusal = await refusalOf(db, action);
  await recordRefusal(db, action, refusal ?? "stake");
  if (refusal === "excluded") {
    const exclusion = await activeExclusion(db, action.userId, action.nowMs);
    if (exclusion) return exclusionRefusal(exclusion);
  }
  const kind = refusal === null || refusal === "excluded" ? "stake" : refusal;
  return { errCode: LIMIT_CODES[kind], extra: await limitDetails(db, action, kind) };
}

/**
 * What is left of the tightest limit the action would pass, and when more becomes free: windows roll,
 * so the oldest amount counting leaves the window at its time plus the period.
 */
async function limitDetails(db: WalletDb, action: ProtectedAction, kind: LimitKind): Promise<RefusalDetails> {
  const adds = action.adds[kind] ?? 0;
  const passed = (await headroomOf(db, action.userId, kind, action.nowMs))
    .map((h) => ({ ...h, leftCents: Math.max(0, h.limitCents - h.usedCents) }))
    .filter((h) => h.usedCents + adds > h.limitCents)
    .sort((a, b) => a.leftCents - b.leftCents);
  const tightest = passed[0];
  if (!tightest) return { num: formatMoneyText(0), left: 0, resetsAt: null };
  const resetsAt = tightest.oldestAtMs === null ? null : tightest.oldestAtMs + PERIOD_MS[tightest.period];
  return {
    num: formatMoneyText(tightest.leftCents),
    // nothing counts yet (the action alone passes the limit): no time frees more, so none is named
    ...(resetsAt === null ? {} : { at: formatEndTime(resetsAt) }),
    period: tightest.period,
    left: toMoney(tightest.leftCents),
    resetsAt,
  };
}

/**
 * Kept for the markers of harm (worker/insight/risk.ts: repeated refusals, deposits after a loss limit):
 * the refused batch wrote nothing, so this row is the only trace of the attempt. Written after the
 * refusal is decided; losing it never changes the player's answer.
 */
async function recordRefusal(db: WalletDb, action: { userId: number; nowMs: number }, kind: string) {
  try {
    await db.insert(protectionRefusals).values({ userId: action.userId, kind, createdAtMs: action.nowMs });
  } catch (error) {
    console.error(JSON.stringify({ protection: "refusal not recorded", userId: action.userId, error: String(error) }));
  }
}
