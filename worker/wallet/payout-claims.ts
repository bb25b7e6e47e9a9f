import type { ControlDb } from "../db/client";
import type { Databases } from "../db/databases";
import { sql } from "drizzle-orm";
import { shardOfPlayer } from "../db/every-shard";
import { bankCards, payoutClaims } from "../db/schema";

// "No payout account bound twice" (1046, docs/decisions/020) across wallet shards (docs/decisions/161): the
// control database's payout_claims names the one player holding each account or address of a type. A card is
// claimed there before the player's shard writes it and given back when it is deleted; a claim whose holder has
// no live card with it any more (a crash between the two writes) is taken over by the next player who adds it.

export type PayoutAccount = { type: string; account: string; address: string };

const sameAccount = (a: PayoutAccount) => sql`type = ${a.type} AND account = ${a.account} AND address = ${a.address}`;

/** Whether the player holding a claim still has a live card with that account, in their own shard. */
async function holderStillHolds(
  dbs: Databases,
  control: ControlDb,
  holder: number,
  a: PayoutAccount,
): Promise<boolean> {
  const shard = await shardOfPlayer(control, holder);
  if (shard === undefined) return false;
  const row = await dbs
    .walletPrimary(shard)
    .get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM ${bankCards} WHERE user_id = ${holder} AND deleted_at_ms IS NULL AND ${sameAccount(a)}`,
    );
  return (row?.n ?? 0) > 0;
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
  const inserted = await control.run(sql`INSERT INTO ${payoutClaims} (type, account, address, user_id, created_at_ms)
    VALUES (${a.type}, ${a.account}, ${a.address}, ${userId}, ${nowMs}) ON CONFLICT DO NOTHING`);
  if (inserted.meta.changes === 1) return "taken";
  const claim = await control.get<{ userId: number }>(
    sql`SELECT user_id AS userId FROM ${payoutClaims} WHERE ${sameAccount(a)}`,
  );
  if (!claim) return claimPayoutAccount(dbs, control, userId, a, nowMs);
  if (claim.userId === userId) return "held";
  if (await holderStillHolds(dbs, control, claim.userId, a)) return "refused";
  const taken = await control.run(sql`UPDATE ${payoutClaims} SET user_id = ${userId}, created_at_ms = ${nowMs}
    WHERE ${sameAccount(a)} AND user_id = ${claim.userId}`);
  return taken.meta.changes === 1 ? "taken" : "refused";
}

/** Gives the claim back: the player's card with that account was deleted, or their shard refused it. */
export async function releasePayoutAccount(control: ControlDb, userId: number, a: PayoutAccount): Promise<void> {
  await control.run(sql`DELETE FROM ${payoutClaims} WHERE ${sameAccount(a)} AND user_id = ${userId}`);
}
