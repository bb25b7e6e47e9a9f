import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlayerTime } from "./PlayerTime";

describe("PlayerTime", () => {
  it("keeps the zone on the line of its time: never wrapped alone onto a line of its own", () => {
    // 2026-12-23 16:00 UTC is 2026-12-24 00:00 in UTC+8
    const html = renderToString(<PlayerTime ms={Date.UTC(2026, 11, 23, 16)} zone />);
    expect(html).toContain("2026-12-24 00:00");
    expect(html).toContain("\u00a0UTC+8");
    expect(html).not.toMatch(/ UTC\+8/);
  });
});
