import type { ControlDb } from "../db/client";
import { and, asc, eq, max, type SQL } from "drizzle-orm";
import { ProductError } from "#shared/product-error";
import { parseBody } from "#shared/fields";
import { newRoomForm, roomForm } from "#shared/forms/rooms";
import { auditStatement } from "../audit/log";
import { runInOneBatch } from "../db/batch";
import { findGameRoom, type GameRoom } from "./game-rooms";
import { games, rooms } from "../db/schema";
import { allowedOptionCounts, defaultRatesMilli, fullOptionCount, isGameType } from "#shared/games/options";
import { rulesTable } from "#shared/games/probability";
import { toMoney } from "#shared/money";
import { readSettings } from "../settings/settings";
import type { RoomRow } from "#shared/answers/console-rooms";

// Rooms as the operator edits them (docs/product.md#operators): odds with the RTP each gives, from the rules.
export const ROOMS_PAGE_SIZE = 24;
/** Which rooms the console lists: by game, currency tab and kind, each optional. */
export type RoomFilter = { gameId?: number; currencyTab?: number; kind?: string };

export async function listRoomsPage(db: ControlDb, page: number, filter: RoomFilter = {}) {
  const where: SQL[] = [];
  if (filter.gameId !== undefined) where.push(eq(rooms.gameId, filter.gameId));
  if (filter.currencyTab !== undefined) where.push(eq(rooms.currencyTab, filter.currencyTab));
  if (filter.kind !== undefined) where.push(eq(rooms.kind, filter.kind));
  return db
    .select({
      id: rooms.id,
      title: rooms.title,
      titleKey: games.titleKey,
      gameId: rooms.gameId,
      currencyTab: rooms.currencyTab,
      kind: rooms.kind,
      trading: rooms.trading,
      gameType: games.type,
    })
    .from(rooms)
    .innerJoin(games, eq(games.id, rooms.gameId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(rooms.sort), asc(rooms.currencyTab), asc(rooms.id))
    .limit(ROOMS_PAGE_SIZE + 1)
    .offset((page - 1) * ROOMS_PAGE_SIZE);
}

type ListedRoom = Awaited<ReturnType<typeof listRoomsPage>>[number];

/** A row of the console's rooms list on the wire: the currency tab is the contract's `roomtype`. */
export function roomRow({ currencyTab, trading, ...room }: ListedRoom): RoomRow {
  return { ...room, roomtype: currencyTab, trading: trading === 1 };
}

export function roomSettingsOf(room: GameRoom) {
  const table = isGameType(room.gameType) ? rulesTable(room.gameType, room.optionCount, room.ratesMilli) : [];
  return {
    id: room.id,
    title: room.title,
    titleKey: room.titleKey,
    gameType: room.gameType,
    roomtype: room.currencyTab,
    kind: room.kind,
    minjoin: toMoney(room.minjoinCents),
    minbuy: toMoney(room.minbuyCents),
    minLevel: room.minLevel,
    roundSeconds: room.roundSeconds,
    closeSeconds: room.closeSeconds,
    trading: room.trading,
    locationHint: room.locationHint,
    options: table.map((row) => ({
      index: row.index,
      key: row.key,
      odds: row.oddsMilli / 1000,
      rtp: row.rtp,
      win: row.probability.value,
      refund: row.refundProbability.value,
    })),
  };
}

export async function roomForOperator(db: ControlDb, roomId: number) {
  const room = await findGameRoom(db, roomId);
  if (!room) throw new ProductError(1126);
  return roomSettingsOf(room);
}

/** The highest return to player of odds for a game, as a percentage with two decimals ("125.00 %"). */
const percent = (rtp: number) => `${(Math.floor(rtp * 10_000) / 100).toFixed(2)} %`;

/**
 * Odds whose return is above 100 % lose the house money on every bet: refused (1177, with the figure).
 * Above the setting odds_confirm_rtp_ppm they need the operator's confirmation (1178, with the figure).
 */
async function checkReturn(db: ControlDb, gameType: number, rates: number[], confirmed: boolean) {
  if (!isGameType(gameType)) return;
  const highest = Math.max(...rulesTable(gameType, rates.length, rates).map((row) => row.rtp));
  if (highest > 1) throw new ProductError(1177, { num: percent(highest) });
  const { odds_confirm_rtp_ppm } = await readSettings(db, ["odds_confirm_rtp_ppm"]);
  if (!confirmed && highest * 1_000_000 > odds_confirm_rtp_ppm) throw new ProductError(1178, { num: percent(highest) });
}

/**
 * Saves the settings with an audit row (before and after) in one batch. The room's next round reads
 * them when it opens (docs/product.md#rounds-and-bets); the round in play keeps what it opened with.
 */
export async function updateRoom(db: ControlDb, operatorId: number, body: unknown, nowMs: number) {
  const form = parseBody(roomForm, body);
  const room = await findGameRoom(db, form.id);
  if (!room) throw new ProductError(1126);
  if (form.rates.length !== room.optionCount) throw new ProductError(1127);
  await checkReturn(db, room.gameType, form.rates, form.rtp_confirmed);
  const values = {
    title: form.title,
    kind: form.kind,
    minjoinCents: form.minjoin,
    minbuyCents: form.minbuy,
    minLevel: form.minLevel,
    roundSeconds: form.roundSeconds,
    closeSeconds: form.closeSeconds,
    trading: form.trading ? 1 : 0,
    ratesMilli: JSON.stringify(form.rates),
    locationHint: form.locationHint === undefined ? room.locationHint : form.locationHint || null,
  };
  const before = roomSettingsOf(room);
  const after = roomSettingsOf({ ...room, ...values, trading: form.trading, ratesMilli: form.rates });
  await runInOneBatch(db, [
    db.update(rooms).set(values).where(eq(rooms.id, form.id)),
    auditStatement(db, {
      actorId: operatorId,
      action: "room.update",
      target: `room:${form.id}`,
      before: brief(before),
      after: brief(after),
      nowMs,
    }),
  ]);
  return { room: after, wake: form.trading && !room.trading };
}

/** What the create screen starts from: the game's default odds (with their RTP) for a room of that game. */
export async function newRoomTemplate(db: ControlDb, gameId: number, optionCount?: number) {
  const [game] = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
  if (!game || !isGameType(game.type)) throw new ProductError(1126);
  const count =
    optionCount && allowedOptionCounts(game.type).includes(optionCount) ? optionCount : fullOptionCount(game.type);
  const template = {
    id: 0,
    gameId,
    title: game.title,
    titleKey: game.titleKey,
    kind: "standard",
    currencyTab: 1,
    gameType: game.type,
    minjoinCents: 0,
    minbuyCents: 2000,
    minLevel: 1,
    locationHint: null,
  };
  return {
    ...roomSettingsOf({
      ...template,
      optionCount: count,
      ratesMilli: defaultRatesMilli(game.type, count),
      trading: false,
      roundSeconds: null,
      closeSeconds: null,
      sort: 0,
    }),
    gameId,
  };
}

/**
 * Creates a room with its audit row in one batch. It opens no round here: the first round opens when
 * trading is on and the room is woken (the caller, or the cron within a minute), with these settings.
 */
export async function createRoom(db: ControlDb, operatorId: number, body: unknown, nowMs: number) {
  const form = parseBody(newRoomForm, body);
  const [game] = await db.select().from(games).where(eq(games.id, form.gameId)).limit(1);
  if (!game || !isGameType(game.type)) throw new ProductError(1126);
  if (!allowedOptionCounts(game.type).includes(form.rates.length)) throw new ProductError(1127);
  await checkReturn(db, game.type, form.rates, form.rtp_confirmed);
  const values = {
    gameId: game.id,
    currencyTab: form.roomtype,
    title: form.title,
    kind: form.kind,
    minjoinCents: form.minjoin,
    minbuyCents: form.minbuy,
    minLevel: form.minLevel,
    optionCount: form.rates.length,
    ratesMilli: JSON.stringify(form.rates),
    trading: form.trading ? 1 : 0,
    roundSeconds: form.roundSeconds,
    closeSeconds: form.closeSeconds,
    locationHint: form.locationHint || null,
  };
  const [top] = await db.select({ id: max(rooms.id), sort: max(rooms.sort) }).from(rooms);
  const next = { id: (top.id ?? 0) + 1, sort: (top.sort ?? 0) + 1 };
  const room = {
    id: next.id,
    titleKey: game.titleKey,
    gameType: game.type,
    ...values,
    ratesMilli: form.rates,
    trading: form.trading,
    sort: next.sort,
  };
  const after = roomSettingsOf(room);
  // A plain insert: two operators creating at once cannot overwrite each other (the second one fails whole).
  await runInOneBatch(db, [
    db.insert(rooms).values({ id: next.id, sort: next.sort, ...values }),
    auditStatement(db, {
      actorId: operatorId,
      action: "room.create",
      target: `room:${next.id}`,
      after: { gameId: game.id, ...brief(after) },
      nowMs,
    }),
  ]);
  return { room: after, wake: form.trading };
}

function brief(s: ReturnType<typeof roomSettingsOf>) {
  const { options, titleKey: _key, ...rest } = s;
  return { ...rest, odds: options.map((o) => o.odds) };
}
