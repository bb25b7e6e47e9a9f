import type { LimitKind } from "#shared/protection/rules";
/** The limits in the order the player's screens list them (the kinds are shared/protection/rules.ts's). */
export const LIMIT_KINDS: readonly LimitKind[] = ["loss", "stake", "deposit"];
export {
  LIMIT_PERIODS,
  EXCLUSION_PERIODS as BREAK_PERIODS,
  REALITY_CHECK_MINUTES as REALITY_MINUTES,
} from "#shared/protection/rules";

/** The interval a player has until they choose one (users.reality_check_minutes' default, worker/db/schema.ts). */
export const REALITY_DEFAULT_MINUTES = 60;
