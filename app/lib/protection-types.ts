import type { LimitKind } from "#shared/protection/rules";
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

/** The limits in the order the player's screens list them (the kinds are shared/protection/rules.ts's). */
export const LIMIT_KINDS: readonly LimitKind[] = ["loss", "stake", "deposit"];
export {
  LIMIT_PERIODS,
  EXCLUSION_PERIODS as BREAK_PERIODS,
  REALITY_CHECK_MINUTES as REALITY_MINUTES,
} from "#shared/protection/rules";

/** A running time-out or self-exclusion as getuserinfo and login answer it: the restricted view (docs/decisions/142). */
export type Restriction = { errCode: number; period: string; until: number | null };
/** The interval a player has until they choose one (users.reality_check_minutes' default, worker/db/schema.ts). */
export const REALITY_DEFAULT_MINUTES = 60;
