import { describe, expect, it } from "vitest";
import { isOperatorLink, staysInsideSite } from "./links";

describe("isOperatorLink", () => {
  it.each(["https://t.me/support", "HTTPS://example.com/a?b=1", "/help/26", "/finance", "/a"])("accepts %s", (link) => {
    expect(isOperatorLink(link)).toBe(true);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "/\\/evil.example",
    "/ evil",
    "/",
    "/-x",
    "/.evil",
    "http://example.com",
    "javascript:alert(1)",
    "https://",
    "https:///path",
    "https://exa mple.com",
    "https://example.com\n",
    "data:text/html,x",
    "help/26",
    "",
  ])("refuses %j", (link) => {
    expect(isOperatorLink(link)).toBe(false);
  });
});

describe("staysInsideSite", () => {
  it.each(["", "/activity/3", "/info/1", "/news/26?page=2"])("keeps %j inside", (link) => {
    expect(staysInsideSite(link)).toBe(true);
  });

  it.each(["https://pay.example/here", "HTTPS://example.com", "//evil.example", "/\\evil.example", "/ x", "help/26"])(
    "does not keep %j inside",
    (link) => {
      expect(staysInsideSite(link)).toBe(false);
    },
  );
});
