import { describe, expect, it } from "vitest";
import { alarmTimeMs } from "./alarm-time";
import type { RoundSchedule } from "./round-view";

const NOW = 1_800_000_000_000;
const round = { roundId: 7, drawAtMs: NOW + 15_000 } as RoundSchedule;

describe("the room's alarm", () => {
  it("rings at the draw, or earlier for a shard's settlement tried again", () => {
    expect(alarmTimeMs(round, null, null, NOW)).toBe(NOW + 15_000);
    expect(alarmTimeMs(round, null, NOW + 2_000, NOW)).toBe(NOW + 2_000);
    expect(alarmTimeMs(null, null, null, NOW)).toBeNull();
  });

  it("rings now, never at time 0, for a settlement kept as due now while the draw pays it", () => {
    // a drawn round's settlement is kept with next_at_ms 0 (worker/room/room-state.ts keepSettlement) until its
    // shards answer; a caller of the room meanwhile (getGameinfo) set its alarm, and setAlarm refuses a time <= 0
    expect(alarmTimeMs(round, null, 0, NOW)).toBe(NOW);
    expect(alarmTimeMs(null, null, 0, NOW)).toBe(NOW);
  });
});
