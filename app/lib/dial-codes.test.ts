import { describe, expect, it } from "vitest";
import { DIAL_CODES, regionName, searchDialCodes } from "./dial-codes";

const options = (lng: string) =>
  DIAL_CODES.map(([region, code]) => ({ key: `${region}${code}`, code, label: `${regionName(region, lng)} ${code}` }));

describe("dial-code search", () => {
  it("puts the exact code first, typed with or without +", () => {
    expect(searchDialCodes(options("en"), "86")[0].code).toBe("+86");
    expect(searchDialCodes(options("en"), "+886")[0].code).toBe("+886");
    expect(searchDialCodes(options("en"), "1")[0].code).toBe("+1");
    expect(searchDialCodes(options("en"), "85")[0].code).toBe("+852");
  });

  it("finds a country by its name in the player's language", () => {
    expect(searchDialCodes(options("en"), "viet")[0].code).toBe("+84");
    expect(searchDialCodes(options("en"), "Malaysia")[0].code).toBe("+60");
    expect(searchDialCodes(options("zh-CN"), "越南")[0].code).toBe("+84");
  });

  it("shows everything for an empty search and nothing for a miss", () => {
    expect(searchDialCodes(options("en"), "  ")).toHaveLength(DIAL_CODES.length);
    expect(searchDialCodes(options("en"), "zzzz")).toEqual([]);
  });
});
