import { describe, expect, it } from "vitest";
import { effectiveLimit, exclusionEndMs, limitChange, realityCheckDueAtMs, RAISE_DELAY_MS } from "./rules";

const now = Date.UTC(2026, 7, 31, 12);

describe("limit changes", () => {
  it("applies a first limit and a lowering at once, dropping a pending raise", () => {
    const first = limitChange(undefined, 10_000, now);
    expect(first).toEqual({ amountCents: 10_000, pendingAmountCents: null, pendingAtMs: null });
    const raised = limitChange(first, 50_000, now);
    const lowered = limitChange(raised, 5_000, now + 1);
    expect(lowered).toEqual({ amountCents: 5_000, pendingAmountCents: null, pendingAtMs: null });
    expect(effectiveLimit(lowered, now + 1)).toBe(5_000);
  });

  it("makes a raise and a removal wait 24 hours", () => {
    const first = limitChange(undefined, 10_000, now);
    const raised = limitChange(first, 50_000, now);
    expect(raised).toEqual({ amountCents: 10_000, pendingAmountCents: 50_000, pendingAtMs: now + RAISE_DELAY_MS });
    expect(effectiveLimit(raised, now + RAISE_DELAY_MS - 1)).toBe(10_000);
    expect(effectiveLimit(raised, now + RAISE_DELAY_MS)).toBe(50_000);
    const removed = limitChange(first, null, now);
    expect(effectiveLimit(removed, now + RAISE_DELAY_MS - 1)).toBe(10_000);
    expect(effectiveLimit(removed, now + RAISE_DELAY_MS)).toBeNull();
  });

  it("compares a new value with the limit in force once a pending change has matured", () => {
    const raised = limitChange(limitChange(undefined, 10_000, now), 50_000, now);
    const later = now + RAISE_DELAY_MS + 1;
    expect(limitChange(raised, 30_000, later)).toEqual({
      amountCents: 30_000,
      pendingAmountCents: null,
      pendingAtMs: null,
    });
  });
});

describe("exclusion ends", () => {
  it("counts time-outs in days and self-exclusions in calendar months", () => {
    expect(exclusionEndMs("24h", now)).toBe(now + 86_400_000);
    expect(exclusionEndMs("30d", now)).toBe(now + 30 * 86_400_000);
    expect(new Date(exclusionEndMs("6m", now)!).toISOString()).toBe("2027-02-28T12:00:00.000Z");
    expect(new Date(exclusionEndMs("5y", now)!).toISOString()).toBe("2031-08-31T12:00:00.000Z");
    expect(exclusionEndMs("forever", now)).toBeNull();
  });
});

describe("reality check", () => {
  it("is due one interval after sign-in, then one after the last answer", () => {
    expect(realityCheckDueAtMs(now, null, 60)).toBe(now + 3_600_000);
    expect(realityCheckDueAtMs(now, now + 3_700_000, 15)).toBe(now + 3_700_000 + 900_000);
  });
});
