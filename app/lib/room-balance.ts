/**
 * The balance a room shows: the one its last load brought, or a newer one that an order or a cancel
 * answered since that load. The answer is tied to the load it followed, not compared by value: after a
 * void refunds a bet, the next load brings back the very figure the room started with, and that must
 * still replace the figure the bet left.
 */
export type KeptBalance = { loadedAt: number; value: number };

export function shownRoomBalance(kept: KeptBalance | null, loaded: { servedAt: number; balance: number }): number {
  return kept !== null && kept.loadedAt === loaded.servedAt ? kept.value : loaded.balance;
}
