import type { WalletDb } from "../db/client";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { bankCards } from "../db/schema";

// A player's payout accounts; deleted ones stay (soft delete) so past withdrawals keep their details.

export const cardColumns = {
  id: bankCards.id,
  type: bankCards.type,
  username: bankCards.realName,
  account: bankCards.account,
  bank: bankCards.bank,
  area: bankCards.area,
  address: bankCards.address,
  network: bankCards.network,
  time: bankCards.createdAtMs,
};

export type CardRow = {
  id: number;
  type: string;
  username: string;
  account: string;
  bank: string;
  area: string;
  address: string;
  network: string;
  time: number;
};

export function listOwnCards(db: WalletDb, userId: number): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), isNull(bankCards.deletedAtMs)))
    .orderBy(asc(bankCards.id));
}

/** The player's own live card, or undefined for another player's, a deleted or an unknown id. */
export async function findOwnCard(db: WalletDb, userId: number, cardId: number): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(bankCards)
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId), isNull(bankCards.deletedAtMs)))
    .limit(1);
  return row;
}

export type NewCard = {
  userId: number;
  type: string;
  bank: string;
  account: string;
  realName: string;
  area: string;
  address: string;
  network: string;
  nowMs: number;
};

/**
 * Adds the card only while the player has no live card of this type and no live card of this type
 * holds the same account or address (docs/decisions/020-bank-card-duplicates.md). One statement, so
 * two submits racing cannot both pass. Returns the new id, or null when a rule refused it.
 */
export async function insertCardIfFree(db: WalletDb, card: NewCard): Promise<number | null> {
  const result = await db.run(sql`
    INSERT INTO ${bankCards} (user_id, type, bank, account, real_name, area, address, network, created_at_ms)
    SELECT ${card.userId}, ${card.type}, ${card.bank}, ${card.account}, ${card.realName}, ${card.area}, ${card.address}, ${card.network}, ${card.nowMs}
    WHERE NOT EXISTS (SELECT 1 FROM ${bankCards} WHERE deleted_at_ms IS NULL AND type = ${card.type}
      AND (user_id = ${card.userId} OR (account = ${card.account} AND address = ${card.address})))`);
  return result.meta.changes === 1 ? Number(result.meta.last_row_id) : null;
}

export async function hasLiveCardOfType(db: WalletDb, userId: number, type: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankCards.id })
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.type, type), isNull(bankCards.deletedAtMs)))
    .limit(1);
  return !!row;
}

/** Soft delete; true when the player's live card was removed. */
export async function deleteOwnCard(db: WalletDb, userId: number, cardId: number, nowMs: number): Promise<boolean> {
  const result = await db
    .update(bankCards)
    .set({ deletedAtMs: nowMs })
    .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, userId), isNull(bankCards.deletedAtMs)))
    .run();
  return result.meta.changes === 1;
}
