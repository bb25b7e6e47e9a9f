// The product's one time rule: every date and time a player reads is in UTC+8, the zone the player's
// day runs in (ledger tabs, date ranges, the daily withdrawal cap and finance days all count days this
// way; docs/decisions/021-wallet-day-and-cap.md). One event shows one time on every screen, whatever
// the device's own zone.

import { clockTime, formatDate } from "#shared/days";

// Shown beside times where a player could expect the device's own zone, always through zonedTime (or
// <PlayerTime zone>) so the zone reads one way on every screen: "2025-03-01 14:05 UTC+8".
export { PLAYER_ZONE, zonedTime } from "#shared/days";

/** The player's calendar date (YYYY-MM-DD) of an instant. */
export const playerDate = formatDate;

/** A moment as the player reads it: "2025-03-01 14:05". */
export const playerTime: (ms: number) => string = clockTime;
