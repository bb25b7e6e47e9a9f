import { describe, expect, it } from "vitest";
import viCommon from "./vi/common.json";
import viErrors from "./vi/errors.json";
import zhCNCommon from "./zh-CN/common.json";
import zhCNNotices from "./zh-CN/notices.json";
import zhTWCommon from "./zh-TW/common.json";
import zhTWNotices from "./zh-TW/notices.json";
import { AGREEMENT } from "../worker/seed/content-data/agreement";

// One thing, one word for the player: the same page or state is named alike wherever it is mentioned.

describe("the player's words", () => {
  it("vi: Take a break has its own word, on the page and the reality check's link, apart from a time-out", () => {
    const timeOut = "Tạm nghỉ";
    expect(viCommon.protection.realityBreak).toBe(viCommon.protection.breakTitle);
    expect(viCommon.protection.breakTitle).not.toContain(timeOut);
    expect(viCommon.protection.breakPeriods["24h"]).toContain(timeOut);
  });

  it("zh: the statement has one name, on its page, the reality check's link and the restricted view", () => {
    for (const [common, notices] of [
      [zhCNCommon, zhCNNotices],
      [zhTWCommon, zhTWNotices],
    ] as const) {
      expect(common.protection.realityStatement).toBe(common.protection.statementTitle);
      expect(notices.restricted.statement).toBe(common.protection.statementTitle);
      expect(common.protection.statementLink).toContain(common.protection.statementTitle);
    }
  });

  it("vi: a frozen account is 'đóng băng' on sign-in and in error 1069", () => {
    expect(viCommon.login.frozen).toContain("đóng băng");
    expect(viErrors["1069"]).toContain("đóng băng");
    expect(viErrors["1069"]).not.toContain("khóa");
  });

  it("the agreement names the limits page by its title", () => {
    const [agreement] = AGREEMENT;
    expect(agreement.content.chs).toContain(`<strong>${zhCNCommon.protection.title}</strong>`);
    expect(agreement.content.cht).toContain(`<strong>${zhTWCommon.protection.title}</strong>`);
    expect(agreement.content.vi).toContain(`<strong>${viCommon.protection.title}</strong>`);
  });
});
