// What /api/Game/getprotection answers (docs/product.md#player-protection).
export type LimitView = {
  kind: "deposit" | "loss" | "stake";
  period: "day" | "week" | "month";
  money: number | null;
  pending: { money: number | null; at: number } | null;
  used: number;
  /** A loss limit while the player is ahead over its window: by how much (used is then 0). */
  ahead: number;
};

export type RealityCheck = {
  minutes: number;
  signedInAt: number;
  playedMinutes: number;
  net: number;
  dueAt: number;
  due: boolean;
};

export type Protection = {
  limits: LimitView[];
  exclusion: { period: string; start: number; until: number | null } | null;
  reality: RealityCheck;
};

export const LIMIT_KINDS = ["loss", "stake", "deposit"] as const;
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export const BREAK_PERIODS = ["24h", "7d", "30d", "6m", "1y", "5y", "forever"] as const;
export const REALITY_MINUTES = [15, 30, 60] as const;

/** A running time-out or self-exclusion as getuserinfo and login answer it: the restricted view (docs/decisions/142). */
export type Restriction = { errCode: number; period: string; until: number | null };
/** The interval a player has until they choose one (users.reality_check_minutes' default, worker/db/schema.ts). */
export const REALITY_DEFAULT_MINUTES = 60;
