import { describe, expect, it } from "vitest";
import { loginRedirectPath, safeRedirectTarget } from "./session.server";

// Redirect targets from requests accept only this site's paths (issue: no open redirect).
const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "/%0d%0aSet-Cookie:x=1",
  "/\r\nLocation: https://evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "evil.example",
  "",
  " /user",
  "/\u007f/evil.example",
];

describe("safeRedirectTarget", () => {
  it.each(HOSTILE)("refuses %j and falls back to /user", (value) => {
    expect(safeRedirectTarget(value)).toBe("/user");
  });

  it("keeps this site's paths, query and fragment", () => {
    expect(safeRedirectTarget("/withdraw")).toBe("/withdraw");
    expect(safeRedirectTarget("/bankadd?type=Bank&redirectTo=%2Fwithdraw#top")).toBe(
      "/bankadd?type=Bank&redirectTo=%2Fwithdraw#top",
    );
    expect(safeRedirectTarget("/a/../user")).toBe("/user");
  });

  it("uses the caller's fallback for anything else", () => {
    expect(safeRedirectTarget(null, "/my_password")).toBe("/my_password");
    expect(safeRedirectTarget("//evil.example", "")).toBe("");
  });

  it("builds the login redirect only from a safe path", () => {
    expect(loginRedirectPath(new Request("https://app.test/withdraw?x=1"))).toBe(
      "/login?redirectTo=%2Fwithdraw%3Fx%3D1",
    );
    expect(loginRedirectPath(new Request("https://app.test//evil.example/"))).toBe("/login?redirectTo=%2Fuser");
  });
});
