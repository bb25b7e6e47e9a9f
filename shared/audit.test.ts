import { describe, expect, it } from "vitest";
import en from "../locales/en/admin.json";
import vi from "../locales/vi/admin.json";
import zhCN from "../locales/zh-CN/admin.json";
import zhTW from "../locales/zh-TW/admin.json";
import { AUDIT_ACTIONS } from "./audit";

// The audit log reads in words: every action the Worker may write (auditStatement accepts only these)
// has its words in each console language, so the log and its filter never show a raw key.
describe("audit actions", () => {
  it.each([
    ["en", en],
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
    ["vi", vi],
  ])("each has its words in %s", (_lng, resource) => {
    const words = resource as Record<string, string>;
    const missing = AUDIT_ACTIONS.filter((a) => !words[`audit.actions.${a}`]?.trim());
    expect(missing).toEqual([]);
  });

  it("are listed once each", () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
