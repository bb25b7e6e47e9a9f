import type { Translate } from "./game-labels";

/**
 * A screen names itself in its route `handle.title`: an i18n key ("wallet:withdraw.title"), or a function
 * of its loader data for titles that come with the data (an article, a room). The root renders the
 * document title from it in the player's language, so no screen keeps an English <title>.
 */
export type TitleSpec = string | ((data: any, t: Translate) => string | null | undefined);

type Match = { handle?: unknown; data?: unknown };

/** The deepest screen's title in the player's language, then the app's name. */
export function documentTitle(matches: readonly Match[], t: Translate): string {
  const app = t("common:appName");
  for (const match of [...matches].reverse()) {
    const spec = (match.handle as { title?: TitleSpec } | undefined)?.title;
    if (!spec) continue;
    const page = typeof spec === "function" ? spec(match.data, t) : t(spec);
    return page ? `${page} · ${app}` : app;
  }
  return app;
}
