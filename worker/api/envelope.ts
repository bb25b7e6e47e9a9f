import type { Context } from "hono";
import { message, type ApiLang } from "#shared/messages";
import type { ProductError } from "#shared/product-error";
import type { ConsoleAnswers } from "#shared/answers/console-routes";
import type { PlayerAnswers } from "#shared/answers/player-routes";

export function failureBody(lang: ApiLang, error: ProductError) {
  const num = error.extra.num === undefined ? undefined : String(error.extra.num);
  return {
    code: error.envelopeCode,
    info: message(lang, String(error.errCode), num, typeof error.extra.at === "string" ? error.extra.at : undefined),
    data: { errCode: error.errCode, ...error.extra },
  };
}

/** Every route's answer by the path the Worker registers it under (lower case for the player's, as routed). */
type AnswersByPath = { [Path in keyof PlayerAnswers as Lowercase<Path>]: PlayerAnswers[Path] } & ConsoleAnswers;

/**
 * The answer a route's path declares in shared/answers (PlayerAnswers, ConsoleAnswers): `ok` called in a route of
 * the map takes only that (docs/decisions/178), whatever its own `satisfies` says; anywhere else, anything.
 */
type AnswerAt<Path> = Path extends keyof AnswersByPath ? AnswersByPath[Path] : unknown;

export function ok<Path extends string, T extends AnswerAt<Path>>(c: Context<any, Path>, data: T, infoKey = "ok") {
  return c.json({ code: 1, info: message(c.get("lang"), infoKey), data });
}
