import type { GameTile } from "#shared/answers/games";

// Which room a home tile opens: the standard room of the tile's own draw (docs/product.md#games: rooms 16, 1, 4 and
// 15, and room 9 for 11x5); see docs/decisions/031-home-tile-rooms.md and 103.

const TILE_ROOMS = {
  /** Lucky 28: the standard three-digit room with eleven options. */
  digits: 1,
  /** Racing 10: the standard ten-car room. */
  racing: 4,
  /** Fast 3: the standard dice room. */
  dice: 15,
  /** Big & Small: the four-option room (Big, Small, Odd, Even). */
  bigSmall: 16,
  /** 11x5 Classic: the standard five-ball room. */
  elevenFive: 9,
} as const;

const BIG_AND_SMALL_KEY = "bigsmall";

export function tileRoomId(game: Pick<GameTile, "type" | "titleKey">): number {
  if (game.titleKey === BIG_AND_SMALL_KEY) return TILE_ROOMS.bigSmall;
  switch (game.type) {
    case 4:
      return TILE_ROOMS.racing;
    case 2:
      return TILE_ROOMS.dice;
    case 3:
      return TILE_ROOMS.elevenFive;
    default:
      return TILE_ROOMS.digits;
  }
}

/** A tile image is ours (a path) or an https URL; anything else falls back to no image. */
export function tileImage(image: string): string | null {
  return /^\/(?!\/)[\w\-./]+$/.test(image) || /^https:\/\/[^\s"'<>]+$/.test(image) ? image : null;
}
