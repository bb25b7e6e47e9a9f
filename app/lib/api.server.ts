import type { Profile } from "#shared/answers/account";
import type { PlayerAnswers, PlayerPath } from "#shared/answers/player-routes";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ACCOUNT_BUSY } from "#shared/product-error";
import type { ApiAnswer } from "#shared/api-types";
import { apiLangOf } from "./i18n";
import { i18nServer } from "./i18n.server";
import { clearTokenHeader, getToken, loginRedirectPath, safeRedirectTarget } from "./session.server";

/**
 * Calls the contract API with the player's language and token. A 409 (session gone) or
 * 403 (frozen) clears the cookie and sends the player to /login (docs/product.md#how-screens-behave); a
 * frozen account is told so there, with the way to support (/login?frozen=1), not the empty form again.
 * An account whose wallet shard is unavailable (1240) is a 503 page saying so (the root's ErrorBoundary).
 */
export const callApi = async <P extends PlayerPath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  body: Record<string, unknown> = {},
): Promise<ApiAnswer<PlayerAnswers[P]>> => {
  const [token, lng] = await Promise.all([getToken(request, context), i18nServer.getLocale(request)]);
  const answer = await context.callApi(path, {
    ...body,
    lang: apiLangOf[lng as keyof typeof apiLangOf] ?? "en",
    token,
  });
  if (answer.code === 409 || answer.code === 403) {
    const to = answer.code === 403 ? "/login?frozen=1" : loginRedirectPath(request);
    throw redirect(to, { headers: { "Set-Cookie": await clearTokenHeader(context) } });
  }
  throwWhenAccountBusy(answer);
  return answer;
};

/**
 * The player's wallet shard is unavailable (docs/decisions/169): the page answers 503 with the API's localized
 * message and a way to try again (the root's ErrorBoundary), never a screen without its data, a guest's page
 * or the sign-in form.
 */
function throwWhenAccountBusy(answer: ApiAnswer<unknown>) {
  if (
    answer.data !== null &&
    typeof answer.data === "object" &&
    "errCode" in answer.data &&
    answer.data.errCode === ACCOUNT_BUSY
  )
    throw data(answer.info, { status: 503, headers: { "retry-after": "5" } });
}

/** Loaders of (auth) routes call this: a guest is sent to /login and comes back afterwards. */
export async function requireProfile(request: Request, context: AppLoadContext): Promise<Profile> {
  if (!(await getToken(request, context))) throw redirect(loginRedirectPath(request));
  const answer = await callApi(request, context, "/api/Game/getuserinfo");
  if (answer.code !== 1) throw redirect(loginRedirectPath(request));
  return answer.data;
}

/** For public pages that greet a logged-in player: null for guests. */
export async function optionalProfile(request: Request, context: AppLoadContext): Promise<Profile | null> {
  if (!(await getToken(request, context))) return null;
  const answer = await context.callApi("/api/Game/getuserinfo", { token: await getToken(request, context) });
  throwWhenAccountBusy(answer);
  return answer.code === 1 ? answer.data : null;
}

/**
 * Loaders of /login and /register: a signed-in player has nothing to do there and goes on to where
 * they were headed (a safe redirectTo), else /user. A stale token shows the page as to a guest.
 */
export async function sendSignedInAway(request: Request, context: AppLoadContext): Promise<null> {
  if (await optionalProfile(request, context))
    throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}
