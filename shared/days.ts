// The player's day runs in UTC+8 (the legacy client's "sodUtc8": start of day UTC+8), see
// docs/decisions/021-wallet-day-and-cap.md. Every "today", date range and the daily withdrawal cap use it.
export const DAY_MS = 24 * 60 * 60 * 1000;
export const PLAYER_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The product's zone as every screen and message writes it, beside a time or in a heading. */
export const PLAYER_ZONE = "UTC+8";

/** A moment of the player's day: "2026-11-27 14:05". */
export function clockTime(ms: number): string {
  return new Date(ms + PLAYER_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** A moment with its zone, the one way a screen or a message writes it: "2026-11-27 14:05 UTC+8". */
export function zonedTime(ms: number): string {
  return `${clockTime(ms)} ${PLAYER_ZONE}`;
}

export type TimeWindow = { fromMs: number; toMs: number };

/** Epoch ms at which the player's day holding nowMs started. */
export function dayStartMs(nowMs: number): number {
  return Math.floor((nowMs + PLAYER_OFFSET_MS) / DAY_MS) * DAY_MS - PLAYER_OFFSET_MS;
}

export function todayWindow(nowMs: number): TimeWindow {
  const fromMs = dayStartMs(nowMs);
  return { fromMs, toMs: fromMs + DAY_MS };
}

/** A YYYY-MM-DD date of the player's calendar to the ms its day starts; null for anything else. */
export function parseDate(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2024-02-31 over to March: only dates that survive the round trip are real.
  if (formatDate(utcMidnight - PLAYER_OFFSET_MS) !== value) return null;
  return utcMidnight - PLAYER_OFFSET_MS;
}

/** The player's calendar date (YYYY-MM-DD) of an instant. */
export function formatDate(ms: number): string {
  return new Date(ms + PLAYER_OFFSET_MS).toISOString().slice(0, 10);
}

/** The funds ledger's periods (getfinanceflow `type`), in the order the player's tabs show them. */
export const FLOW_PERIODS = ["all", "today", "yesterday", "week"] as const;
export type FlowPeriod = (typeof FLOW_PERIODS)[number];

/** The funds ledger's tabs: all, today, yesterday, seven days (today and the six before). */
export function periodWindow(period: FlowPeriod, nowMs: number): TimeWindow | null {
  const today = dayStartMs(nowMs);
  switch (period) {
    case "all":
      return null;
    case "today":
      return { fromMs: today, toMs: today + DAY_MS };
    case "yesterday":
      return { fromMs: today - DAY_MS, toMs: today };
    case "week":
      return { fromMs: today - 6 * DAY_MS, toMs: today + DAY_MS };
  }
}

/** Both dates inclusive. */
export function dateRangeWindow(startMs: number, endMs: number): TimeWindow {
  return { fromMs: startMs, toMs: endMs + DAY_MS };
}
