// What the player-protection calls answer (docs/product.md#player-protection): getprotection, setlimit,
// selfexclude, the reality check's three calls; worker/protection/ builds them.

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

/** setlimit: the limits as they now stand. */
export type LimitsSet = { limits: LimitView[] };

/** selfexclude: the time-out or self-exclusion that now runs (until null: indefinite). */
export type ExclusionStarted = { period: string; start: number; until: number | null };

/** A running time-out or self-exclusion as getuserinfo and login answer it: the restricted view (docs/decisions/142). */
export type Restriction = { errCode: number; period: string; until: number | null };
