import { describe, expect, it } from "vitest";
import { interpolate } from "./interpolate";

describe("interpolate", () => {
  it("fills every {{name}} with its value, numbers written out", () => {
    expect(interpolate("Round {{seqno}} of {{game}}", { game: "Dice", seqno: 42 })).toBe("Round 42 of Dice");
    expect(interpolate("{{num}} and again {{num}}", { num: "5.00" })).toBe("5.00 and again 5.00");
    expect(interpolate("{{why}}", { why: 0 })).toBe("0");
  });

  it("leaves nothing for a name without a value, and other braces as they are", () => {
    expect(interpolate("at least {{num}} until {{at}}", { num: undefined })).toBe("at least  until ");
    expect(interpolate("{single} {{ spaced }} {{}}", { single: 1, spaced: 2 })).toBe("{single} {{ spaced }} {{}}");
  });
});
