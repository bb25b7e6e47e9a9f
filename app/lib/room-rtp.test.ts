import { describe, expect, it } from "vitest";
import { typedRtp } from "./room-rtp";

describe("typedRtp", () => {
  it("recomputes the return from the chances as the odds are typed", () => {
    expect(typedRtp({ win: 0.5, refund: 0 }, "1.98")).toBeCloseTo(0.99);
    expect(typedRtp({ win: 0.5, refund: 0 }, "2.5")).toBeCloseTo(1.25);
    expect(typedRtp({ win: 0.4, refund: 0.1 }, "2")).toBeCloseTo(0.9);
  });

  it("shows nothing for text that is not odds", () => {
    expect(typedRtp({ win: 0.5, refund: 0 }, "2.")).toBeNull();
    expect(typedRtp({ win: 0.5, refund: 0 }, "abc")).toBeNull();
    expect(typedRtp({ win: 0.5, refund: 0 }, "1.9999")).toBeNull();
  });
});
