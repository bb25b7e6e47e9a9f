import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

const ROOM_PATH = /^\/(activity|bjsc)\/\d+\/?$/;

/** The answers of a room's forms sent with JavaScript (useBetting): a review, a placed order or cancel, a refusal. */
function isRoomAnswer(result: unknown): boolean {
  if (typeof result !== "object" || result === null) return false;
  return "review" in result || "done" in result || "error" in result;
}

/**
 * After a bet, a review or a cancel sent from a room with JavaScript, the loaders need not run again:
 * the answer carries the new balance and the room's socket carries the bet (or its cancellation).
 * Everything else (a redirect without JavaScript, a navigation, the reload after a draw) revalidates
 * as usual. Used by the room routes and the root.
 */
export function skipAfterRoomAnswer({
  formMethod,
  formAction,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() !== "POST" || !formAction) return defaultShouldRevalidate;
  const path = new URL(formAction, "http://local").pathname;
  if (ROOM_PATH.test(path) && isRoomAnswer(actionResult)) return false;
  return defaultShouldRevalidate;
}
