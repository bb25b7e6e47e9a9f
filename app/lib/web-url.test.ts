import { describe, expect, it } from "vitest";
import { webUrl } from "./web-url";

describe("webUrl", () => {
  it("keeps http(s) addresses", () => {
    expect(webUrl(" https://t.me/support ")).toBe("https://t.me/support");
    expect(webUrl("http://example.com/a?b=c")).toBe("http://example.com/a?b=c");
  });
  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "//evil.example",
    "/ServicePage",
    "",
    null,
    undefined,
    'https://a.b/"onclick',
  ])("refuses %j", (value) => expect(webUrl(value)).toBeNull());
});
