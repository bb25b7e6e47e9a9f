import { BEACON_RETRY_MS } from "./beacon-draw";
import type { RoundSchedule } from "./round-view";

/**
 * When the room's one alarm rings: at the draw time; past it (a draw waiting for its beacon) at the next retry;
 * earlier when a shard's settlement is to be tried again; null when no round is in play and nothing is left to pay.
 * A settlement kept as due now (next_at_ms 0, while the draw that kept it pays it) rings now: setAlarm refuses a
 * time <= 0, and a caller of the room then failed (docs/decisions/202-memory-under-traffic.md).
 */
export function alarmTimeMs(
  current: RoundSchedule | null,
  beaconRetryAtMs: number | null,
  settlementRetryMs: number | null,
  nowMs: number,
): number | null {
  const times: number[] = [];
  if (current) times.push(nowMs < current.drawAtMs ? current.drawAtMs : (beaconRetryAtMs ?? nowMs + BEACON_RETRY_MS));
  if (settlementRetryMs !== null) times.push(Math.max(settlementRetryMs, nowMs));
  return times.length === 0 ? null : Math.min(...times);
}
