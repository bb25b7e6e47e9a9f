import type { ControlDb } from "../db/client";
import { asc, eq, sql } from "drizzle-orm";
import { games, rooms } from "../db/schema";
import type { Config } from "../config";

/** A room with its game, as the rooms, the order path and the game API read it. */
export type GameRoom = {
  id: number;
  gameId: number;
  title: string;
  titleKey: string;
  kind: string;
  /** The currency tab: 1 USDT, 2 BTC, 3 ETH (the contract's `roomtype`). */
  currencyTab: number;
  gameType: number;
  minjoinCents: number;
  minbuyCents: number;
  minLevel: number;
  optionCount: number;
  ratesMilli: number[];
  trading: boolean;
  roundSeconds: number | null;
  closeSeconds: number | null;
  sort: number;
  locationHint: string | null;
};

const roomColumns = {
  id: rooms.id,
  gameId: rooms.gameId,
  title: rooms.title,
  titleKey: games.titleKey,
  kind: rooms.kind,
  currencyTab: rooms.currencyTab,
  gameType: games.type,
  minjoinCents: rooms.minjoinCents,
  minbuyCents: rooms.minbuyCents,
  minLevel: rooms.minLevel,
  optionCount: rooms.optionCount,
  ratesMilli: rooms.ratesMilli,
  trading: rooms.trading,
  roundSeconds: rooms.roundSeconds,
  closeSeconds: rooms.closeSeconds,
  sort: rooms.sort,
  locationHint: rooms.locationHint,
};

type RawRoom = Omit<GameRoom, "ratesMilli" | "trading"> & { ratesMilli: string; trading: number };

function gameRoomOf(row: RawRoom): GameRoom {
  return { ...row, ratesMilli: JSON.parse(row.ratesMilli) as number[], trading: row.trading === 1 };
}

export async function findGameRoom(db: ControlDb, roomId: number): Promise<GameRoom | undefined> {
  const [row] = await db
    .select(roomColumns)
    .from(rooms)
    .innerJoin(games, eq(games.id, rooms.gameId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  return row ? gameRoomOf(row) : undefined;
}

/** One currency tab of the room list (1 USDT, 2 BTC, 3 ETH). */
export async function listRoomsOfTab(db: ControlDb, currencyTab: number): Promise<GameRoom[]> {
  const rows = await db
    .select(roomColumns)
    .from(rooms)
    .innerJoin(games, eq(games.id, rooms.gameId))
    .where(eq(rooms.currencyTab, currencyTab))
    .orderBy(asc(rooms.sort), asc(rooms.id));
  return rows.map(gameRoomOf);
}

/** The 16 titles with the entry requirement of their USDT room (the home tiles' figure). */
export async function listGames(db: ControlDb) {
  return db
    .select({
      id: games.id,
      title: games.title,
      titleKey: games.titleKey,
      type: games.type,
      image: games.image,
      minjoinCents: sql<number>`COALESCE((SELECT MIN(minjoin_cents) FROM ${rooms} WHERE ${rooms}.game_id = ${games}.id AND ${rooms}.roomtype = 1), 0)`,
    })
    .from(games)
    .orderBy(asc(games.sort), asc(games.id));
}

/** The rooms with trading on, with where each room's object should live. */
export async function tradingRooms(db: ControlDb): Promise<{ id: number; locationHint: string | null }[]> {
  return db.select({ id: rooms.id, locationHint: rooms.locationHint }).from(rooms).where(eq(rooms.trading, 1));
}

/**
 * How long a round of this room lasts and when betting closes: the room's own settings when they
 * make sense, else the environment's (docs/architecture.md#the-room).
 */
export function roundTiming(
  room: Pick<GameRoom, "roundSeconds" | "closeSeconds">,
  config: Pick<Config, "roundSeconds" | "closeSeconds">,
) {
  const roundSeconds = room.roundSeconds && room.roundSeconds >= 10 ? room.roundSeconds : config.roundSeconds;
  const wantedClose = room.closeSeconds ?? config.closeSeconds;
  const closeSeconds =
    wantedClose >= 0 && wantedClose < roundSeconds ? wantedClose : Math.min(config.closeSeconds, roundSeconds - 1);
  return { roundMs: roundSeconds * 1000, closeMs: closeSeconds * 1000 };
}
