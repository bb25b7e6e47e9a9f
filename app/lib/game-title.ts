// A game's title in the reader's language. Its own module, apart from game-labels.ts, so home's game tiles
// load these lines and not the option and room tables (home's JavaScript budget, docs/decisions/203).

/** Any i18next t function bound to (or able to address) the game namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Game titles come as a stable key (titleKey); the stored title is the fallback. */
export function gameTitle(t: Translate, titleKey: string | undefined, title: string): string {
  if (!titleKey) return title;
  return t(`game:games.${titleKey}`, { defaultValue: title });
}
