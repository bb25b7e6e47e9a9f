import { describe, expect, it } from "vitest";
import { roundOutcomeText } from "./round-outcome";

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
