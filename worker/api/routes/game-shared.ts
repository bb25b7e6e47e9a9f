import type { ControlDb } from "../../db/client";
import * as z from "zod";
import { ProductError } from "#shared/product-error";
import { integerId } from "#shared/fields";
import { type GameRoom, findGameRoom } from "../../room/game-rooms";
import { type GameType, isGameType, optionsForRoom } from "#shared/games/options";
import { ExpiringCache } from "../../lib/expiring-cache";
import { toMoney, toOdds } from "#shared/money";
import type { RoomRef } from "../../room/room-do";

/** An id the contract requires: absent or empty is the catalogue's own "... is empty" code. */
export const presentId = (emptyCode: string) =>
  z
    .any()
    .refine((v) => v !== undefined && v !== null && v !== "", emptyCode)
    .pipe(integerId());

export const pageField = () =>
  z
    .union([z.literal(""), integerId()])
    .optional()
    .transform((page) => (typeof page === "number" ? Math.min(page, 10_000) : 1));

/** A room that exists (1057) and trades (1020). */
export async function tradingRoom(db: ControlDb, roomId: number): Promise<GameRoom> {
  const room = await findGameRoom(db, roomId);
  if (!room) throw new ProductError(1057);
  if (!room.trading) throw new ProductError(1020);
  return room;
}

export async function existingRoom(db: ControlDb, roomId: number): Promise<GameRoom> {
  const room = await findGameRoom(db, roomId);
  if (!room) throw new ProductError(1057);
  return room;
}

export function roomRef(room: GameRoom): RoomRef {
  return {
    roomId: room.id,
    title: room.title,
    titleKey: room.titleKey,
    gameType: room.gameType,
    optionCount: room.optionCount,
  };
}

/** A room's name and game, kept 10 s per isolate: an order needs them, but nothing it decides (docs/decisions/100). */
const roomRefs = new ExpiringCache<number, RoomRef | null>(10_000);

/** A room that exists (1057), as an order names it; whether it trades is the room object's own check (docs/decisions/161). */
export async function knownRoom(db: ControlDb, roomId: number): Promise<RoomRef> {
  const ref = await roomRefs.get(roomId, async () => {
    const room = await findGameRoom(db, roomId);
    return room ? roomRef(room) : null;
  });
  if (!ref) throw new ProductError(1057);
  return ref;
}

/** An operator changed a room: its next order reads it again. Without a room: every room (storage was emptied). */
export const forgetRoomRef = (roomId?: number) => roomRefs.forget(roomId);

/** A row of the room list (getRoomList). */
export function roomSummary(room: GameRoom) {
  return {
    id: room.id,
    gameId: room.gameId,
    title: room.title,
    titleKey: room.titleKey,
    kind: room.kind,
    type: room.gameType,
    minjoin: toMoney(room.minjoinCents),
    minbuy: toMoney(room.minbuyCents),
    minLevel: room.minLevel,
    trading: room.trading ? 1 : 0,
  };
}

/** getGameinfo's room: the legacy rate0..rateN beside the option list. */
export function roomInfo(room: GameRoom) {
  const rates = Object.fromEntries(room.ratesMilli.map((milli, i) => [`rate${i}`, toOdds(milli)]));
  return {
    id: room.id,
    title: room.title,
    titleKey: room.titleKey,
    kind: room.kind,
    type: room.gameType,
    roomtype: room.currencyTab,
    gameId: room.gameId,
    minbuy: toMoney(room.minbuyCents),
    minjoin: toMoney(room.minjoinCents),
    optionCount: room.optionCount,
    ...rates,
    trading: room.trading ? 1 : 0,
  };
}

export function roomOptions(room: GameRoom) {
  if (!isGameType(room.gameType)) return [];
  return optionsForRoom(room.gameType as GameType, room.optionCount).map((option) => ({
    index: option.index,
    key: option.key,
    odds: toOdds(room.ratesMilli[option.index]),
  }));
}
