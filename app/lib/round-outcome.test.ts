import { describe, expect, it } from "vitest";
import { roundOutcomeKind, roundOutcomeText } from "./round-outcome";

const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;

describe("the last round's sentence", () => {
  it("calls a payout below the stake a loss, with the loss", () => {
    expect(roundOutcomeText(t, { seqno: 7, award: 97.5, stake: 100 })).toBe(
      'game:round.outcome.lost {"seqno":7,"award":"97.50","stake":"100.00","loss":"2.50"}',
    );
  });

  it("calls a payout above the stake a win, net of the stake", () => {
    expect(roundOutcomeText(t, { seqno: 7, award: 198, stake: 100 })).toBe(
      'game:round.outcome.won {"seqno":7,"award":"198.00","stake":"100.00","net":"98.00"}',
    );
  });

  it("calls the stake back neither, and a payout of unknown stake only paid", () => {
    expect(roundOutcomeText(t, { seqno: 7, award: 100, stake: 100 })).toMatch(/^game:round\.outcome\.even /);
    expect(roundOutcomeText(t, { seqno: 7, award: 39.6, stake: null })).toMatch(/^game:round\.outcome\.paid /);
    expect(roundOutcomeText(t, { seqno: 7, award: 0, stake: 40 })).toBeNull();
  });
});

describe("the last round's kind, for its colour", () => {
  it("is a win only above the stake", () => {
    expect(roundOutcomeKind({ seqno: 1, award: 39.6, stake: 40 })).toBe("lost");
    expect(roundOutcomeKind({ seqno: 1, award: 79.2, stake: 40 })).toBe("won");
    expect(roundOutcomeKind({ seqno: 1, award: 40, stake: 40 })).toBe("even");
    expect(roundOutcomeKind({ seqno: 1, award: 40, stake: null })).toBe("paid");
    expect(roundOutcomeKind({ seqno: 1, award: 0, stake: 40 })).toBeNull();
  });
});
