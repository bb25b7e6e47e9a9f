import { DAY_MS } from "../days";

// Player protection rules (docs/product.md#player-protection), no I/O: kinds and periods of limits, when a change takes
// effect, how long a time-out or self-exclusion lasts.

export const LIMIT_KINDS = ["deposit", "loss", "stake"] as const;
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Rolling windows: 24 hours, 7 days, 30 days back from now. */
export const PERIOD_MS: Record<LimitPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };

/** A raise or removal waits this long; a lowering applies at once. */
export const RAISE_DELAY_MS = DAY_MS;

export type StoredLimit = { amountCents: number | null; pendingAmountCents: number | null; pendingAtMs: number | null };

/** The limit in force at nowMs (null = none): a pending change counts once its time has come. */
export function effectiveLimit(limit: StoredLimit | undefined, nowMs: number): number | null {
  if (!limit) return null;
  if (limit.pendingAtMs !== null && limit.pendingAtMs <= nowMs) return limit.pendingAmountCents;
  return limit.amountCents;
}

/**
 * What a request to set a limit to newCents (null = remove) does: a stricter value (or the first
 * limit) replaces the one in force at once and drops any pending change; a looser one waits 24 h.
 */
export function limitChange(current: StoredLimit | undefined, newCents: number | null, nowMs: number): StoredLimit {
  const inForce = effectiveLimit(current, nowMs);
  const stricter = newCents !== null && (inForce === null || newCents <= inForce);
  if (stricter) return { amountCents: newCents, pendingAmountCents: null, pendingAtMs: null };
  return { amountCents: inForce, pendingAmountCents: newCents, pendingAtMs: nowMs + RAISE_DELAY_MS };
}

/** Whether a limit row says anything (no limit and nothing pending can be deleted). */
export const EXCLUSION_PERIODS = ["24h", "7d", "30d", "6m", "1y", "5y", "forever"] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

/** 24 h, 7 and 30 days are time-outs; the longer ones self-exclusions (they answer different codes). */
export const isTimeOut = (period: string) => period === "24h" || period === "7d" || period === "30d";

const MONTHS: Partial<Record<ExclusionPeriod, number>> = { "6m": 6, "1y": 12, "5y": 60 };
const DAYS: Partial<Record<ExclusionPeriod, number>> = { "24h": 1, "7d": 7, "30d": 30 };

/** When an exclusion taken at startMs ends (null = permanent); months are calendar months. */
export function exclusionEndMs(period: ExclusionPeriod, startMs: number): number | null {
  if (period === "forever") return null;
  const days = DAYS[period];
  if (days !== undefined) return startMs + days * DAY_MS;
  const end = new Date(startMs);
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + MONTHS[period]!);
  // 31 August + 6 months is the last day of February, not 3 March.
  if (end.getUTCDate() !== day) end.setUTCDate(0);
  return end.getTime();
}

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
/** When the next reality check is due: one interval after sign-in or after the last "keep playing". */
export function realityCheckDueAtMs(signedInAtMs: number, seenAtMs: number | null, minutes: number): number {
  return Math.max(signedInAtMs, seenAtMs ?? 0) + minutes * 60_000;
}
