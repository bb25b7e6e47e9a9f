import type { FlowKind } from "./answers/wallet";

// A withdrawal's hold (the ledger's "wait" row) reads as what became of its request, one way wherever a ledger
// row is shown: the player's funds ledger (getfinanceflow) and the console's player file say the same words
// (locales/*/wallet.json "kinds").
const HOLD_KIND: Record<string, FlowKind> = { pending: "wait", approved: "withdrawn", rejected: "waitReturned" };

/** The kind a withdrawal's hold reads as, from its request's status; null for a status no hold has. */
export function withdrawalHoldKind(status: string): FlowKind | null {
  return HOLD_KIND[status] ?? null;
}
