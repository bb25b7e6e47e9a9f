// The product's one time rule: every date and time a player reads is in UTC+8, the zone the player's
// day runs in (ledger tabs, date ranges, the daily withdrawal cap and finance days all count days this
// way; docs/decisions/021-wallet-day-and-cap.md). One event shows one time on every screen, whatever
// the device's own zone.

import { PLAYER_OFFSET_MS, formatDate } from "#shared/days";

/** Shown beside times where a player could expect the device's own zone. */
export const PLAYER_ZONE = "UTC+8";

/** The player's calendar date (YYYY-MM-DD) of an instant. */
export const playerDate = formatDate;

/** A moment as the player reads it: "2025-03-01 14:05". */
export function playerTime(ms: number): string {
  return new Date(ms + PLAYER_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
