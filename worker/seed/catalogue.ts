import { SEED_GAME_TITLES } from "#shared/games/seed-titles";
import type { GameType } from "#shared/games/options";
import type { RoomKind } from "#shared/rooms";

// The 16 game titles (docs/product.md#games). Home tiles use rooms 1, 4, 15 and 16: game g's USDT room has id g.
export type SeedGame = { id: number; key: string; title: string; type: GameType; kind: RoomKind; optionCount?: number };

export const SEED_GAMES: SeedGame[] = [
  { id: 1, key: "lucky28", title: SEED_GAME_TITLES.lucky28, type: 1, kind: "standard" },
  { id: 2, key: "classic28", title: SEED_GAME_TITLES.classic28, type: 1, kind: "vip" },
  { id: 3, key: "turbo28", title: SEED_GAME_TITLES.turbo28, type: 1, kind: "superior" },
  { id: 4, key: "racing10", title: SEED_GAME_TITLES.racing10, type: 4, kind: "standard" },
  { id: 5, key: "skyracing", title: SEED_GAME_TITLES.skyracing, type: 4, kind: "vip" },
  { id: 6, key: "speedracing", title: SEED_GAME_TITLES.speedracing, type: 4, kind: "premier" },
  { id: 7, key: "dicefast3", title: SEED_GAME_TITLES.dicefast3, type: 2, kind: "vip" },
  { id: 8, key: "tripledice", title: SEED_GAME_TITLES.tripledice, type: 2, kind: "superior" },
  { id: 9, key: "classic11x5", title: SEED_GAME_TITLES.classic11x5, type: 3, kind: "standard" },
  { id: 10, key: "turbo11x5", title: SEED_GAME_TITLES.turbo11x5, type: 3, kind: "vip" },
  { id: 11, key: "gold11x5", title: SEED_GAME_TITLES.gold11x5, type: 3, kind: "superior" },
  { id: 12, key: "royal11x5", title: SEED_GAME_TITLES.royal11x5, type: 3, kind: "premier" },
  { id: 13, key: "royal28", title: SEED_GAME_TITLES.royal28, type: 1, kind: "premier" },
  { id: 14, key: "royalfast3", title: SEED_GAME_TITLES.royalfast3, type: 2, kind: "premier" },
  { id: 15, key: "fast3", title: SEED_GAME_TITLES.fast3, type: 2, kind: "standard" },
  { id: 16, key: "bigsmall", title: SEED_GAME_TITLES.bigsmall, type: 1, kind: "standard", optionCount: 4 },
];

/** Entry rules per room kind (docs/product.md#games seed defaults). */
export const ROOM_KIND_RULES: Record<RoomKind, { minjoinCents: number; minLevel: number }> = {
  standard: { minjoinCents: 0, minLevel: 1 },
  vip: { minjoinCents: 100_000, minLevel: 2 },
  superior: { minjoinCents: 1_000_000, minLevel: 4 },
  premier: { minjoinCents: 5_000_000, minLevel: 6 },
};

export const roomIdOf = (gameId: number, currencyTab: number) => gameId + 16 * (currencyTab - 1);

export const SEED_MINBUY_CENTS = 2_000;
