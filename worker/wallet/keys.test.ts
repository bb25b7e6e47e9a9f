import { describe, expect, it } from "vitest";
import { requestKey } from "./keys";

describe("wallet request keys", () => {
  it("keeps the form's request_id per player", () => {
    expect(requestKey("wd", 3, "abcdefgh", 100, 0)).toBe("wd:3:abcdefgh");
    expect(requestKey("wd", 4, "abcdefgh", 100, 0)).not.toBe(requestKey("wd", 3, "abcdefgh", 100, 0));
  });

  it("without one, makes the same player, amount and minute the same request", () => {
    const t = 1_700_000_040_000;
    expect(requestKey("dep", 3, undefined, 500, t)).toBe(requestKey("dep", 3, undefined, 500, t + 19_999));
    expect(requestKey("dep", 3, undefined, 500, t)).not.toBe(requestKey("dep", 3, undefined, 500, t + 60_000));
    expect(requestKey("dep", 3, undefined, 500, t)).not.toBe(requestKey("dep", 3, undefined, 501, t));
    expect(requestKey("dep", 3, undefined, 500, t)).not.toBe(requestKey("wd", 3, undefined, 500, t));
  });
});
