import { sql } from "drizzle-orm";
import { z } from "zod";
import { cursorFields } from "#shared/fields";
import type { Db } from "../db/client";
import { type PageAt, keysetLimit, keysetOrder, keysetWhere } from "../db/keyset";
import { toMoney } from "#shared/money";
import { page } from "#shared/forms/wallet";

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
  roomtype: number;
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

const KEYS = [sql.raw("r.draw_at_ms"), sql.raw("r.id")];

export async function roundBoard(db: Db, status: "open" | "void", at: PageAt) {
  const direction = status === "open" ? "asc" : "desc";
  const keyset = keysetWhere(KEYS, at, direction);
  const { limit, offset } = keysetLimit(at);
  // stakes in play: of an open round, what is staked and not yet drawn; of a void round, what was refunded
  return db.all<BoardRow>(sql`SELECT r.id, r.room_id AS roomId, rm.title AS roomTitle, g.title_key AS titleKey, g.type AS gameType,
      rm.roomtype, rm.kind, r.seqno, r.status, r.draw_at_ms AS drawAtMs, r.void_reason AS voidReason, r.void_note AS voidNote,
      (SELECT username FROM users WHERE id = r.voided_by) AS voidedBy,
      (SELECT COUNT(*) FROM bets b WHERE b.round_id = r.id) AS bets,
      (SELECT COALESCE(SUM(b.stake_cents), 0) FROM bets b WHERE b.round_id = r.id AND b.isaward ${sql.raw(status === "open" ? "= -1" : "= 2")}) AS stakes
    FROM rounds r JOIN rooms rm ON rm.id = r.room_id JOIN games g ON g.id = rm.game_id
    WHERE r.status = ${status} ${keyset ? sql`AND ${keyset}` : sql``}
    ORDER BY ${sql.join(keysetOrder(KEYS, at, direction), sql`, `)} LIMIT ${limit} OFFSET ${offset}`);
}

export function roundBoardRow(r: BoardRow) {
  return {
    id: r.id,
    roomId: r.roomId,
    room: { title: r.roomTitle, titleKey: r.titleKey, gameType: r.gameType, roomtype: r.roomtype, kind: r.kind },
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
