import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../locales/en/errors.json";
import zhCN from "../locales/zh-CN/errors.json";
import zhTW from "../locales/zh-TW/errors.json";
import vi from "../locales/vi/errors.json";
import { apiLang, message } from "./messages";

// docs/product.md#errors: the whole catalogue, including the paired codes.
const CATALOGUE = [
  1001, 1002, 1003, 1004, 1010, 1011, 1012, 1013, 1014, 1015, 1020, 1024, 1025, 1026, 1034, 1027, 1035, 1028, 1036,
  1029, 1037, 1030, 1038, 1031, 1040, 1032, 1049, 1033, 1051, 1039, 1041, 1042, 1044, 1043, 1045, 1046, 1047, 1048,
  1050, 1052, 1053, 1054, 1055, 1056, 1057, 1058, 1059, 1060, 1061, 1062, 1063, 1064, 1065, 1069, 2002, 2003, 2004,
  2050, 2051, 2052, 2053, 2054, 2055, 2056, 2057, 2058,
];

describe("error catalogue", () => {
  it.each([
    ["en", en],
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
    ["vi", vi],
  ] as const)("%s has every code, non-empty", (_lng, messages) => {
    for (const code of CATALOGUE)
      expect((messages as Record<string, string>)[String(code)], `code ${code}`).toMatch(/\S/);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(["en", "zh-CN", "zh-TW", "vi"])(
    "%s names each code once (a repeated key would silently hide a message)",
    (lng) => {
      const text = readFileSync(join(import.meta.dirname, "../locales", lng, "errors.json"), "utf8");
      const keys = [...text.matchAll(/^\s*"([^"]+)":/gm)].map((m) => m[1]);
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    },
  );

  it("puts the number into 2004 and 1024", () => {
    expect(message("en", "2004", "1000")).toBe("Balance cannot be less than 1000");
    expect(message("chs", "1024", "20")).toBe("订单金额至少为20");
  });

  it("maps UI and contract language names", () => {
    expect(apiLang("zh-CN")).toBe("chs");
    expect(apiLang("zh-TW")).toBe("cht");
    expect(apiLang("Vi")).toBe("vi");
    expect(apiLang("en-US")).toBe("en");
    expect(apiLang("cht")).toBe("cht");
    expect(apiLang(undefined)).toBe("en");
    expect(apiLang(42)).toBe("en");
  });
});
