import { describe, expect, it } from "vitest";
import { brokenValues, localeKeys, shownKeys } from "./lib/shown-keys.mjs";

// The crawl's check for translation keys on a screen (tests/e2e/crawl.e2e.mjs), on sample texts: the
// console's flat dotted keys, nested keys, keys right after Chinese characters and keys no file has.
describe("shownKeys", () => {
  const locale = localeKeys();

  it("reads every key of every language, flat and nested, without plural suffixes", () => {
    expect(locale.keys.has("nav.approvals")).toBe(true); // admin.json, flat
    expect(locale.keys.has("errorPage.title")).toBe(true); // common.json, nested
    expect([...locale.keys].some((key) => /_(one|other)$/.test(key))).toBe(false);
    expect(locale.roots.has("admin")).toBe(true);
  });

  it("finds the console's flat keys shown raw, which a pattern of namespace roots did not see", () => {
    expect(shownKeys("Approvals\nnav.approvals\nPlayers", locale)).toEqual(["nav.approvals"]);
    expect(shownKeys("Largest deposit: settings.depositMax", locale)).toEqual(["settings.depositMax"]);
  });

  it("finds a key right after Chinese characters or before Chinese punctuation", () => {
    expect(shownKeys("审批nav.approvals", locale)).toEqual(["nav.approvals"]);
    expect(shownKeys("余额：errorPage.title。", locale)).toEqual(["errorPage.title"]);
    expect(shownKeys("（nav.players）", locale)).toEqual(["nav.players"]);
  });

  it("finds a key with its namespace, and one no locale file has by its shape", () => {
    expect(shownKeys("admin:nav.approvals", locale)).toEqual(["admin:nav.approvals"]);
    expect(shownKeys("Status: wallet.kinds.noSuchKind", locale)).toEqual(["wallet.kinds.noSuchKind"]);
    expect(shownKeys("Tiền: someThing.notInAnyFile", locale)).toEqual(["someThing.notInAnyFile"]);
    expect(shownKeys("state: payout_ref.missing", locale)).toEqual(["payout_ref.missing"]);
  });

  it("leaves words, sentences, numbers, addresses and Vietnamese alone", () => {
    const words = [
      "Approvals Players Rooms",
      "Balance 1,234.56 USD at 12:30 (UTC+8)",
      "Done. Next step",
      "e.g. a bank transfer, i.e. money",
      "Write to support@example.com or visit https://example.com/help/list.html",
      "Chi nhánh: Hà Nội. Ngân hàng: Vietcombank",
      "v.v. và Sao kê",
      "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
      "审批 玩家 房间",
      "ver 2.17.5",
    ];
    for (const text of words) expect(shownKeys(text, locale), text).toEqual([]);
  });
});

describe("brokenValues", () => {
  it("finds values the code did not turn into words, in any script", () => {
    expect(brokenValues("Balance NaN USD")).toEqual(["NaN"]);
    expect(brokenValues("上次登录：undefined")).toEqual(["undefined"]);
    expect(brokenValues("Hết hạn: Invalid Date")).toEqual(["Invalid Date"]);
    expect(brokenValues("Payee [object Object]")).toEqual(["[object Object]"]);
    expect(brokenValues("Reference null")).toEqual(["null"]);
  });

  it("leaves words that contain them alone", () => {
    expect(brokenValues("Nullified bets, NaNa, undefinedness")).toEqual([]);
  });
});
