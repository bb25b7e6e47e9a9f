import { describe, expect, it } from "vitest";
import { assertSameRequest, requestKey } from "./keys";

describe("wallet request keys", () => {
  it("keeps the caller's request_id per player", () => {
    expect(requestKey("wd", 3, "abcdefgh")).toBe("wd:3:abcdefgh");
    expect(requestKey("wd", 4, "abcdefgh")).not.toBe(requestKey("wd", 3, "abcdefgh"));
  });

  it("without one, makes every request a new one", () => {
    expect(requestKey("dep", 3, undefined)).not.toBe(requestKey("dep", 3, undefined));
    expect(requestKey("dep", 3, undefined)).toMatch(/^dep:3:once:/);
  });

  it("accepts a repeat only when every field asked is the same", () => {
    expect(() =>
      assertSameRequest({ amountCents: 500, payName: "A" }, { amountCents: 500, payName: "A" }),
    ).not.toThrow();
    expect(() => assertSameRequest({ amountCents: 500, payName: "A" }, { amountCents: 501, payName: "A" })).toThrow(
      expect.objectContaining({ errCode: 1095 }),
    );
    expect(() => assertSameRequest({ amountCents: 500, payName: "A" }, { amountCents: 500, payName: "B" })).toThrow(
      expect.objectContaining({ errCode: 1095 }),
    );
  });
});
