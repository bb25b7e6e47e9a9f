// Player-facing names of options and results, from the stable option keys the API sends
// ("big", "small_odd", "rank3_even"): the legacy Chinese text (valuecn, resultcn) is never shown.

import { ELEVEN_FIVE, SUM_OPTION_KEYS } from "#shared/games/options";
import { RACING_10 } from "#shared/rooms";
import { SEED_GAME_TITLES } from "#shared/games/seed-titles";
import { gameTitle, type Translate } from "./game-title";

export { gameTitle, type Translate } from "./game-title";

const SUM_KEYS: ReadonlySet<string> = new Set(SUM_OPTION_KEYS);

const RANK_KEY = /^rank(\d{1,2})_(big|small|odd|even)$/;

export function rankOfKey(key: string): { rank: number; kind: "big" | "small" | "odd" | "even" } | null {
  const match = RANK_KEY.exec(key);
  if (!match) return null;
  return { rank: Number(match[1]), kind: match[2] as "big" | "small" | "odd" | "even" };
}

/** "Big odd", "Sum 30" (11x5's triple option), "Rank 3 even"; an unknown key is shown as sent. */
export function optionLabel(t: Translate, key: string, gameType?: number): string {
  if (key === "triple" && gameType === ELEVEN_FIVE) return t("game:options.sum30");
  if (SUM_KEYS.has(key)) return t(`game:options.${key}`);
  const rank = rankOfKey(key);
  if (rank) return t("game:rankOption", { rank: rank.rank, kind: t(`game:options.${rank.kind}`) });
  return key;
}

/** The short name of a Racing 10 bet kind, used inside the rank grid ("Big"). */
export function kindLabel(t: Translate, kind: string): string {
  return t(`game:options.${kind}`);
}

/**
 * The words under a result. Sum games list every winning option ("Big · Odd · Big odd"); Racing 10
 * wins twenty options per round, so only the champion's (rank 1) are named.
 */
export function resultText(t: Translate, resultKeys: readonly string[], gameType: number): string {
  const keys = gameType === RACING_10 ? resultKeys.filter((key) => rankOfKey(key)?.rank === 1) : resultKeys;
  if (keys.length === 0) return t("game:result.none");
  return keys.map((key) => optionLabel(t, key, gameType)).join(" · ");
}

/**
 * A room's name in the reader's language. Rooms are stored with the seed's English name, "<game> · <tab>"
 * (worker/seed/seed.ts): that name is data, so the game's part is said in the reader's words and the
 * currency tab (USDT, BTC, ETH: codes, the same in every language) kept. A name an operator gave a room
 * is the operator's own words and is shown as written.
 */
export function roomName(t: Translate, room: { title: string; titleKey?: string | null }): string {
  const english = room.titleKey ? SEED_GAME_TITLES[room.titleKey] : undefined;
  if (!english || !room.titleKey || !(room.title === english || room.title.startsWith(`${english} · `)))
    return room.title;
  return `${gameTitle(t, room.titleKey, english)}${room.title.slice(english.length)}`;
}

/** A game room screen's document title (its route handle's title, app/lib/page-title.ts). */
export function roomTitle(
  data: { room?: { room: { titleKey?: string; title: string } } | null } | undefined,
  t: Translate,
): string {
  const room = data?.room?.room;
  return room ? gameTitle(t, room.titleKey, room.title) : t("game:rooms.title");
}
