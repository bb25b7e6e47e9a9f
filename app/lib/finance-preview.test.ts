import { describe, expect, it } from "vitest";
import { interestPreview, typedCents, withoutGroupSeparators } from "./finance-preview";

describe("the finance preview", () => {
  it("reads an amount typed with the separators the screens write", () => {
    expect(typedCents("2,500")).toBe(250_000);
    expect(typedCents("250,000.50")).toBe(25_000_050);
    expect(typedCents("2500")).toBe(250_000);
    expect(withoutGroupSeparators("2,50")).toBe("2,50");
    expect(typedCents("2,50")).toBeNull();
  });

  it("figures the amount typed at the tier's rate", () => {
    expect(interestPreview(25_000_000, { rate_ppm: 1_500, days: 15 })).toEqual({
      money: 250_000,
      perDay: 375,
      total: 5_625,
      days: 15,
    });
  });
});
