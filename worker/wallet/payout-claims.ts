import type { ControlDb } from "../db/client";
import type { Databases } from "../db/databases";
import { and, eq, isNull } from "drizzle-orm";
import { shardOfPlayer } from "../db/every-shard";
import { bankCards, payoutClaims } from "../db/schema";

// "No payout account bound twice" (1046, docs/decisions/020) across wallet shards (docs/decisions/161): the
// control database's payout_claims names the one player holding each account or address of a type. A card is
// claimed there before the player's shard writes it and given back when it is deleted; a claim whose holder has
// no live card with it any more (a crash between the two writes) is taken over by the next player who adds it.

export type PayoutAccount = { type: string; account: string; address: string };

const sameAccount = (table: typeof bankCards | typeof payoutClaims, a: PayoutAccount) =>
  and(eq(table.type, a.type), eq(table.account, a.account), eq(table.address, a.address));

/** Whether the player holding a claim still has a live card with that account, in their own shard. */
async function holderStillHolds(
  dbs: Databases,
  control: ControlDb,
  holder: number,
  a: PayoutAccount,
): Promise<boolean> {
  const shard = await shardOfPlayer(control, holder);
  if (shard === undefined) return false;
  const live = await dbs
    .walletPrimary(shard)
    .$count(bankCards, and(eq(bankCards.userId, holder), isNull(bankCards.deletedAtMs), sameAccount(bankCards, a)));
  return live > 0;
}

/**
 * Claims the account for the player: "taken" when this call made the claim (give it back if the card is then
 * refused), "held" when the player held it already, "refused" when another player holds it (1046). Racing
 * claims of one account are decided by the control database's primary key: one wins.
 */
export async function claimPayoutAccount(
  dbs: Databases,
  control: ControlDb,
  userId: number,
  a: PayoutAccount,
  nowMs: number,
): Promise<"taken" | "held" | "refused"> {
  const inserted = await control
    .insert(payoutClaims)
    .values({ type: a.type, account: a.account, address: a.address, userId, createdAtMs: nowMs })
    .onConflictDoNothing();
  if (inserted.meta.changes === 1) return "taken";
  const claim = await control
    .select({ userId: payoutClaims.userId })
    .from(payoutClaims)
    .where(sameAccount(payoutClaims, a))
    .get();
  if (!claim) return claimPayoutAccount(dbs, control, userId, a, nowMs);
  if (claim.userId === userId) return "held";
  if (await holderStillHolds(dbs, control, claim.userId, a)) return "refused";
  const taken = await control
    .update(payoutClaims)
    .set({ userId, createdAtMs: nowMs })
    .where(and(sameAccount(payoutClaims, a), eq(payoutClaims.userId, claim.userId)));
  return taken.meta.changes === 1 ? "taken" : "refused";
}

/** Gives the claim back: the player's card with that account was deleted, or their shard refused it. */
export async function releasePayoutAccount(control: ControlDb, userId: number, a: PayoutAccount): Promise<void> {
  await control.delete(payoutClaims).where(and(sameAccount(payoutClaims, a), eq(payoutClaims.userId, userId)));
}
