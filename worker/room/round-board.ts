import type { ControlDb, WalletDb } from "../db/client";
import { sql } from "drizzle-orm";
import * as z from "zod";
import { cursorFields } from "#shared/fields";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { summedByKey } from "../db/every-shard";
import { toMoney } from "#shared/money";
import { page } from "#shared/forms/wallet";
import { users, rounds as roundsTable, rooms, games, bets as betsTable } from "../db/schema";

// Every room's rounds in one list (docs/decisions/140): the rounds in play now, soonest draw first,
// with the stakes waiting on them, and the voided rounds, newest first, with who voided them and why.
// Both read rounds_status_time, so a page costs the same however many rounds the rooms have drawn.

export const ROUND_BOARD_PAGE_SIZE = 20;

export const roundBoardForm = z.object({
  status: z.enum(["open", "void"], { error: "1001" }).optional().default("open"),
  page: page(),
  ...cursorFields,
});

type BoardRow = {
  id: number;
  roomId: number;
  roomTitle: string;
  titleKey: string;
  gameType: number;
  currencyTab: number;
  kind: string;
  seqno: number;
  status: string;
  drawAtMs: number;
  voidReason: string | null;
  voidNote: string | null;
  voidedBy: string | null;
  bets: number;
  stakes: number;
};

export const roundBoardKey = (row: { drawAtMs: number; id: number }) => [row.drawAtMs, row.id];
export const ROUND_BOARD_KEY_WIDTH = 2;

const KEYS = [sql.raw("r.draw_at_ms"), sql.raw("r.id")];

/**
 * A page of the board: the rounds from the control database, their bets added up over every wallet shard
 * (docs/decisions/161), where the players who placed them are.
 */
export async function roundBoard(
  control: ControlDb,
  shards: WalletDb[],
  status: "open" | "void",
  at: PageAt,
): Promise<BoardRow[]> {
  const direction = status === "open" ? "asc" : "desc";
  const keyset = keysetWhere(KEYS, at, direction);
  const { limit, offset } = keysetLimit(at);
  const rounds = await control.all<Omit<BoardRow, "bets" | "stakes">>(sql`SELECT r.id, r.room_id AS roomId,
      rm.title AS roomTitle, g.title_key AS titleKey, g.type AS gameType,
      rm.roomtype AS currencyTab, rm.kind, r.seqno, r.status, r.draw_at_ms AS drawAtMs, r.void_reason AS voidReason, r.void_note AS voidNote,
      (SELECT username FROM ${users} WHERE id = r.voided_by) AS voidedBy
    FROM ${roundsTable} r JOIN ${rooms} rm ON rm.id = r.room_id JOIN ${games} g ON g.id = rm.game_id
    WHERE r.status = ${status} ${keyset ? sql`AND ${keyset}` : sql``}
    ORDER BY ${sql.join(keysetOrder(KEYS, at, direction), sql`, `)} LIMIT ${limit} OFFSET ${offset}`);
  // stakes in play: of an open round, what is staked and not yet drawn; of a void round, what was refunded
  const bets = await summedByKey<number, { key: number; bets: number; stakes: number }>(
    shards,
    sql`SELECT b.round_id AS "key", COUNT(*) AS bets,
      COALESCE(SUM(CASE WHEN b.isaward ${sql.raw(status === "open" ? "= -1" : "= 2")} THEN b.stake_cents ELSE 0 END), 0) AS stakes
    FROM ${betsTable} b WHERE b.round_id IN (SELECT value FROM json_each(${JSON.stringify(rounds.map((r) => r.id))}))
    GROUP BY b.round_id`,
  );
  return rounds.map((r) => ({ ...r, bets: bets.get(r.id)?.bets ?? 0, stakes: bets.get(r.id)?.stakes ?? 0 }));
}

export function roundBoardRow(r: BoardRow) {
  return {
    id: r.id,
    roomId: r.roomId,
    room: { title: r.roomTitle, titleKey: r.titleKey, gameType: r.gameType, roomtype: r.currencyTab, kind: r.kind },
    seqno: r.seqno,
    status: r.status,
    drawAt: r.drawAtMs,
    voidReason: r.voidReason,
    voidNote: r.voidNote,
    voidedBy: r.voidedBy,
    bets: r.bets,
    stakes: toMoney(r.stakes),
  };
}
