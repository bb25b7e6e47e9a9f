// Round timing on the player's device (docs/product.md#how-screens-behave): the server says how long is left (diff), the device
// counts down from there. Device clocks are often off, so a round's epoch times from the server are
// turned into device time with the offset measured when the page received its data.

/** Seconds left as getGameinfo's diff gives them. */
export function secondsOfDiff(diff: { minute: number; second: number } | null | undefined): number {
  if (!diff) return 0;
  const total = Math.floor(Number(diff.minute) || 0) * 60 + Math.floor(Number(diff.second) || 0);
  return Math.max(0, total);
}

/**
 * Milliseconds left when the page's data was made. The round's drawAt against the server's clock is
 * exact; diff (whole seconds) is the fallback when a backend sends no drawAt or its clock disagrees.
 */
export function msLeftWhenServed(
  diff: { minute: number; second: number } | null | undefined,
  drawAtMs: number | undefined,
  servedAtMs: number | undefined,
): number {
  const fromDiff = secondsOfDiff(diff) * 1000;
  if (typeof drawAtMs !== "number" || typeof servedAtMs !== "number" || !Number.isFinite(drawAtMs - servedAtMs))
    return fromDiff;
  const exact = Math.max(0, drawAtMs - servedAtMs);
  return Math.abs(exact - fromDiff) <= 2000 ? exact : fromDiff;
}

/** The draw moment in device time, from the time left when the data was made and when it arrived. */
export function deviceDeadline(msLeft: number, receivedAtDeviceMs: number): number {
  return receivedAtDeviceMs + Math.max(0, msLeft);
}

/** serverTime - deviceTime, measured from a round whose draw time is known in both clocks. */
export function clockOffset(drawAtServerMs: number, deadlineDeviceMs: number): number {
  return Number.isFinite(drawAtServerMs) ? drawAtServerMs - deadlineDeviceMs : 0;
}

/** A server epoch time (a new round's drawAt from the socket) in device time. */
export function toDeviceTime(serverMs: number, offsetMs: number): number {
  return serverMs - offsetMs;
}

/** Whole seconds left, never negative; rounds up so "00:01" shows until the very end. */
export function remainingSeconds(deadlineDeviceMs: number, nowDeviceMs: number): number {
  return Math.max(0, Math.ceil((deadlineDeviceMs - nowDeviceMs) / 1000));
}

/**
 * The device time a clock tick keeps: the one already shown while it gives the same whole second, so
 * the room renders once a second rather than at every tick; now when the second changes.
 */
export function nextShownNow(shownMs: number | null, deadlineDeviceMs: number | null, nowDeviceMs: number): number {
  if (shownMs === null || deadlineDeviceMs === null) return nowDeviceMs;
  return remainingSeconds(deadlineDeviceMs, shownMs) === remainingSeconds(deadlineDeviceMs, nowDeviceMs)
    ? shownMs
    : nowDeviceMs;
}

/** "MM:SS" for the countdown. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(safe / 60);
  return `${String(minutes).padStart(2, "0")}:${String(safe % 60).padStart(2, "0")}`;
}

/**
 * What the room's clock counts: while betting is open, the time until betting closes; after that, the
 * time until the draw. `secondsLeft` is always the time to the draw.
 */
export function roundClock(
  secondsLeft: number,
  closeSeconds: number,
): { phase: "open" | "closed" | "drawing"; seconds: number } {
  if (bettingOpen(secondsLeft, closeSeconds)) return { phase: "open", seconds: secondsLeft - closeSeconds };
  return secondsLeft > 0 ? { phase: "closed", seconds: secondsLeft } : { phase: "drawing", seconds: 0 };
}

/** Betting, cancelling and following stop at closeSeconds or less (docs/product.md#how-screens-behave: 60 s). */
export function bettingOpen(secondsLeft: number, closeSeconds: number): boolean {
  return secondsLeft > closeSeconds;
}

/** docs/product.md#constants-and-limits: the next round loads 3 s after the countdown reaches 0. */
export const NEXT_ROUND_DELAY_MS = 3000;
/** docs/product.md#constants-and-limits: the bet list is polled every 10 s when the live socket is down. */
export const POLL_INTERVAL_MS = 10_000;
