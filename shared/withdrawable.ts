// What a player can withdraw today, one rule for every screen and the Worker's answers (getuserinfo's
// `leftmoney`, getassets' `withdrawable`, getwithdrawlist's `leftToday`): screens show these figures, never
// their own sums.

/** What the day's cap still lets leave: the cap less the day's requests that were not rejected, never below 0. */
export function capLeftCents(dailyCapCents: number, withdrawnTodayCents: number): number {
  return Math.max(0, dailyCapCents - withdrawnTodayCents);
}

/**
 * What can be withdrawn today: the balance within what the cap has left. A withdrawal's hold has already
 * left the balance (ledger "wait"), so the balance is the money after holds.
 */
export function withdrawableCents(balanceCents: number, capLeft: number): number {
  return Math.max(0, Math.min(balanceCents, capLeft));
}
