import { describe, expect, it } from "vitest";
import { FIELD_OF_ERROR } from "./error-fields";
import en from "./en/errors.json";
import zhCN from "./zh-CN/errors.json";
import zhTW from "./zh-TW/errors.json";
import vi from "./vi/errors.json";

const catalogues: Record<string, Record<string, string>> = { en, "zh-CN": zhCN, "zh-TW": zhTW, vi };

describe("FIELD_OF_ERROR", () => {
  it("names only codes the error catalogue has, in every language", () => {
    for (const [form, fields] of Object.entries(FIELD_OF_ERROR)) {
      for (const code of Object.keys(fields)) {
        for (const [lang, catalogue] of Object.entries(catalogues))
          expect(catalogue[code], `${form} ${code} in ${lang}`).toBeTruthy();
      }
    }
  });
});
